import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../../src/main/csp';

describe("the renderer's Content-Security-Policy", () => {
  it('frames the platform origin only (the widget editor’s preview), and nothing while it is unknown', () => {
    expect(rendererCsp('http://127.0.0.1:4100/api')).toMatch(/; frame-src http:\/\/127\.0\.0\.1:4100$/);
    expect(rendererCsp(null)).toMatch(/; frame-src 'none'$/);
    expect(rendererCsp(null)).toContain("frame-ancestors 'none'");
  });
});
