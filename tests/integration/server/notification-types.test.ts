import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';

describe.each(BACKENDS)('notification types on %s', (backend) => {
  let platform: TestPlatform;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    platform = await createTestApp(backend);
    for (const email of ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co']) {
      tokens[email] = (await signIn(platform.app, email)).token;
    }
  });
  afterAll(() => platform.close());

  const get = (email: string, url: string) => platform.app.inject({ method: 'GET', url, headers: bearer(tokens[email]!) });

  it('lists the seeded types by id to the analytics readers of the organisation', async () => {
    for (const email of ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co']) {
      const res = await get(email, '/api/types/notifications/company/100');
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toEqual([
        { typeNotificationId: 1, name: 'Correo electrónico' },
        { typeNotificationId: 2, name: 'SMS' },
        { typeNotificationId: 3, name: 'WhatsApp' }
      ]);
    }
  });

  it('refuses other roles, another organisation of a company role and a malformed id', async () => {
    expect((await get('asesor@demo.co', '/api/types/notifications/company/100')).statusCode).toBe(403);
    expect((await get('supervisor@demo.co', '/api/types/notifications/company/100')).statusCode).toBe(403);
    expect((await get('admin@demo.co', '/api/types/notifications/company/200')).statusCode).toBe(403);
    expect((await get('admin@demo.co', '/api/types/notifications/company/abc')).statusCode).toBe(400);
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/notifications/company/100' })).statusCode).toBe(401);
  });
});
