import type { SessionGuard } from './auth/session-guard';
import type { TokenService } from './auth/tokens';
import type { Assistant } from './bot/assistant';
import type { ChatEngine } from './chat/engine';
import type { ServerConfig } from './config';
import type { CsvSource } from './db/csv-stream';
import type { RunStatement } from './db/statements';
import type { Db } from './db/types';
import type { NotificationWorker } from './notify/worker';
import type { RateLimiters } from './rate-limiters';
import type { DesignBroadcast } from './realtime/design-broadcast';

/** What every route can reach besides its request: the database, the token service, the config, the live chat engine. */
export interface PlatformServices {
  tokens: TokenService;
  config: ServerConfig;
  now: () => Date;
  /** Conversations, routing and timers of the live chat (src/server/chat/engine.ts); its sockets are in src/server/realtime/. */
  chat: ChatEngine;
  /** The virtual assistant the chat engine answers with (its models, trained in the worker): the workspaces screen's 'Probar' asks it. */
  assistant: Assistant;
  /** A report's rows streamed as CSV from the engine in use (src/server/db/csv-stream.ts), on the reports' connections. */
  csv: CsvSource;
  /** Where statistics run: on PostgreSQL a small pool of their own (REPORTS_POOL_SIZE), so they cannot take the chat's connections; on PGlite the same handle as `db`. */
  reportsDb: Db;
  /** The hot paths' fixed statements, kept prepared (src/server/db/statements.ts): the chat's messages, the LDAP sign-in. */
  statement: RunStatement;
  /** Whether a session still lives, and what ends one everywhere (src/server/auth/session-guard.ts; endUserSessions). */
  sessions: SessionGuard;
  /** The budgets every instance shares (src/server/rate-limiters.ts): in Redis when REDIS_URL is set. */
  limiters: RateLimiters;
  /** Issue 39: this process's notification worker (src/server/notify/worker.ts): 'Reintentar' wakes it. */
  notify: NotificationWorker;
  /** Pushes a changed dashboard design to every signed-in user of its organisation (src/server/realtime/design-broadcast.ts). */
  designs: DesignBroadcast;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: PlatformServices;
  }
}
