import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { defineRoutes, registerModules } from '../../../src/server/routes/module';

/** A route module registers only entries of the catalogue areas it names (src/server/routes/module.ts). */
describe('route modules', () => {
  it('starts when every route of a module is an entry of its areas', async () => {
    const app = Fastify();
    registerModules(app, [defineRoutes('organizations', (scope) => scope.get('/api/organizations', async () => []))]);
    await expect(app.ready()).resolves.toBeDefined();
    expect(app.hasRoute({ method: 'GET', url: '/api/organizations' })).toBe(true);
    await app.close();
  });

  it('refuses to start when a module registers a route outside its areas', async () => {
    const app = Fastify();
    registerModules(app, [defineRoutes('users', (scope) => scope.get('/api/organizations', async () => []))]);
    await expect(app.ready()).rejects.toThrow('GET /api/organizations is not an entry of the catalogue areas users');
    await app.close();
  });

  it('takes a list of areas', async () => {
    const app = Fastify();
    registerModules(app, [
      defineRoutes(['splits', 'splitBulk'], (scope) => {
        scope.get('/api/obtenerSplits', async () => []);
        scope.post('/api/actualizarSplits', async () => []);
      })
    ]);
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
