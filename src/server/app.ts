import Fastify, { type FastifyInstance } from 'fastify';
import { loadJwtSecret } from './auth/secret';
import { databaseSessions, POSTGRES_LIVE_TTL_MS, SessionGuard } from './auth/session-guard';
import { registerThrottle } from './auth/throttle';
import { TokenService } from './auth/tokens';
import { createAssistant, type TurnClassifier } from './bot/assistant';
import { ChatEngine } from './chat/engine';
import type { ServerConfig } from './config';
import { openDatabase } from './db/client';
import { defaultMigrationsFolder } from './db/migrations-folder';
import { seedDemoData } from './demo';
import { installErrorHandling } from './http/errors';
import { WidgetConnectBudget } from './realtime/rate-limits';
import { DesignBroadcast } from './realtime/design-broadcast';
import { attachRealtime, type Realtime } from './realtime/server';
import { openRateLimiters, type RateLimiters } from './rate-limiters';
import { PasswordExpiryJob } from './notify/password-expiry';
import { registerRoutes } from './routes';
import { shareRefreshes } from './stats/planner-stats';
import { registerHealthRoutes } from './routes/health';
import { createNotificationWorker } from './notify/worker';
import './services';

/** What only a caller in code can choose (never read from the environment). */
export interface BuildOptions {
  /** The assistant's classifier instead of NLP.js (the `chat` bench's run without it: TurnClassifier). */
  classify?: TurnClassifier;
}

/**
 * Builds the platform: opens the database, migrates it, generates the demo data on the first start
 * of an empty database, registers the routes, and attaches the live chat (socket.io on the app's
 * HTTP server, and its engine with the sweeper's timer). The instance is ready (not listening):
 * tests drive it with app.inject, startPlatform makes it listen. Closing it disconnects the
 * sockets, lets the chat engine finish, then closes the database.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase(config.database, { reportsPoolSize: config.reportsPoolSize });
  let realtime: Realtime | null = null;
  let limiters: RateLimiters | null = null;
  const migrationsFolder = config.migrationsFolder ?? defaultMigrationsFolder();
  try {
    await database.prepare(migrationsFolder, async (db) => {
      await seedDemoData(db, { now: config.clock(), conversations: config.demoConversations });
    });
    // The planner statistics' upkeep (VACUUM, ANALYZE) runs in one process at a time.
    shareRefreshes(database.reports.db, database.exclusive);
    const sessions = new SessionGuard(databaseSessions(database.db), { liveTtlMs: database.kind === 'postgres' ? POSTGRES_LIVE_TTL_MS : null });
    const tokens = new TokenService(await loadJwtSecret(database.db), config.accessTokenTtlSeconds, config.refreshTokenTtlSeconds, sessions);

    const app = Fastify({
      logger: config.logger === false ? false : { level: config.logger },
      bodyLimit: config.bodyLimit,
      trustProxy: config.trustProxy
    });
    // The shared budgets (sign-in and widget handshakes per address, 'Probar' per organisation): in Redis when set, shared by every instance.
    limiters = await openRateLimiters({
      redisUrl: config.redisUrl,
      keyPrefix: `${config.redisKeyPrefix}${config.rateLimitKeyPrefix}`,
      warn: (message, err) => app.log.warn({ err }, message),
      info: (message) => app.log.info(message)
    });
    const counters = limiters;
    const assistant = createAssistant({ db: database.db, classify: options.classify, onError: (err, context) => app.log.error({ err }, `assistant: ${context}`) });
    const chat = new ChatEngine({
      db: database.db,
      statement: database.statement,
      bot: assistant,
      clock: config.clock,
      agentDisconnectGraceMs: config.agentDisconnectGraceMs,
      sweepIntervalMs: config.sweepIntervalMs,
      onError: (err, context) => app.log.error({ err }, `chat: ${context}`)
    });
    // Notifications go out from every process (issue 39), as background work: the worker's statements
    // take the background turn (db/priority.ts; on PostgreSQL the reports' pool), so the chat's go
    // first and the worker's own never count as chat, and it sends gently while the chat is active.
    const notify = createNotificationWorker(config, database.reports.db, (err, context) => app.log.error({ err }, context), database.chatActive);
    const designs = new DesignBroadcast();
    app.decorate('db', database.db);
    app.decorate('services', {
      tokens,
      config,
      now: config.clock,
      chat,
      assistant,
      csv: database.csv,
      reportsDb: database.reports.db,
      sessions,
      statement: database.statement,
      limiters: counters,
      notify,
      designs
    });
    realtime = await attachRealtime(app.server, {
      engine: chat,
      tokens,
      sessions,
      designs,
      redisUrl: config.redisUrl,
      redisKeyPrefix: config.redisKeyPrefix,
      limits: config.socketRateLimits,
      widgetConnections: WidgetConnectBudget.create(counters, config),
      report: (err, context) => app.log.error({ err }, `realtime: ${context}`)
    });
    const live = realtime;
    // Issue 39: the password-expiry notices (src/server/notify/password-expiry.ts), a timer of the platform as the sweeper is.
    const passwordNotices = new PasswordExpiryJob({ db: database.db, clock: config.clock, onError: (err) => app.log.error({ err }, 'notify: password expiry') });
    app.addHook('preClose', () => live.close());
    app.addHook('onClose', async () => {
      await passwordNotices.close();
      // The sends under way finish and are recorded while the database is still open.
      await notify.stop();
      await assistant.close();
      await counters.close();
      await database.close();
    });
    installErrorHandling(app);
    installSafetyHeaders(app);
    await registerThrottle(app, counters);
    registerRoutes(app);
    registerHealthRoutes(app, { db: database.db, migrationsFolder, pingRedis: live.pingRedis });
    await app.ready();
    chat.startTimers();
    // The platform's timers run together: SWEEP_INTERVAL_MS=0 (the tests) stops this one too.
    if (config.sweepIntervalMs > 0) passwordNotices.start();
    notify.start();
    // The workspaces' models load (or train, off the event loop) before the first customers need them.
    assistant.warmUp().catch((err: unknown) => app.log.error({ err }, 'assistant: warm-up'));
    return app;
  } catch (error) {
    await realtime?.close();
    await limiters?.close();
    await database.close();
    throw error;
  }
}

/**
 * Every answer (errors and 404s too) gets `X-Content-Type-Options: nosniff`, and `Cache-Control:
 * no-store` unless its route chose its own caching (the widget's static script): tokens,
 * users, reports, conversations and the directory are all personal or secret, so no cache —
 * browser, proxy or disk — may keep any answer a route did not declare safe to keep.
 */
function installSafetyHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
