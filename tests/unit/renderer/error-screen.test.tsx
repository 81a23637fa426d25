// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppErrorBoundary, RouteErrorScreen } from '../../../src/renderer/app/ErrorScreen';
import { installFakeAtiende } from './fake-atiende';

function Broken(): never {
  throw new TypeError('No se pudo leer la configuración');
}

describe('the error screen', () => {
  let fake: ReturnType<typeof installFakeAtiende>;
  beforeEach(() => {
    fake = installFakeAtiende();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the SPEC §2 screen and reports the error', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </FluentProvider>
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByText('TypeError')).toBeTruthy();
    expect(screen.getByText(/No se pudo leer la configuración/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar Página' })).toBeTruthy();
    expect(fake.api.errors.report).toHaveBeenCalledTimes(1);
    const [report] = fake.api.errors.report.mock.calls[0] as [{ name: string; detail: string }];
    expect(report.name).toBe('errorBoundary');
    expect(report.detail).toContain('TypeError: No se pudo leer la configuración');
  });

  it("is the router's error element too, reporting the path", async () => {
    const router = createMemoryRouter([{ path: '/analitica', element: <Broken />, errorElement: <RouteErrorScreen /> }], {
      initialEntries: ['/analitica']
    });
    render(
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>
    );
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(fake.api.errors.report).toHaveBeenCalledTimes(1);
    expect(fake.api.errors.report.mock.calls[0]?.[0]).toMatchObject({ name: 'errorBoundary', path: '/analitica' });
  });
});
