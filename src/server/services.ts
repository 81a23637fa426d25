import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/types';

/** What every route can reach besides its request: the database, the token service, the config. */
export interface PlatformServices {
  tokens: TokenService;
  config: ServerConfig;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: PlatformServices;
  }
}
