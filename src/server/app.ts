import Fastify, { type FastifyInstance } from 'fastify';
import { loadJwtSecret } from './auth/secret';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import { openDatabase } from './db/client';
import { defaultMigrationsFolder } from './db/migrations-folder';
import { seedDemoData } from './db/seed';
import { installErrorHandling } from './http/errors';
import { registerRoutes } from './routes';
import './services';

/**
 * Builds the platform: opens the database, migrates it, generates the demo data on the first start
 * of an empty database, and registers the routes. The instance is ready (not listening): tests
 * drive it with app.inject, startPlatform makes it listen. Closing it closes the database.
 */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const database = await openDatabase(config.database);
  try {
    await database.prepare(config.migrationsFolder ?? defaultMigrationsFolder(), async (db) => {
      await seedDemoData(db, { now: config.clock() });
    });
    const tokens = new TokenService(await loadJwtSecret(database.db), config.accessTokenTtlSeconds, config.refreshTokenTtlSeconds);

    const app = Fastify({
      logger: config.logger === false ? false : { level: config.logger },
      bodyLimit: config.bodyLimit
    });
    app.decorate('db', database.db);
    app.decorate('services', { tokens, config, now: config.clock });
    app.addHook('onClose', () => database.close());
    installErrorHandling(app);
    registerRoutes(app);
    await app.ready();
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
