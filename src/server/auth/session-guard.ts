import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { organizations, refreshTokens, users } from '../db/schema';
import type { Db } from '../db/types';

/**
 * Whether a session still lives, asked on every signed-in call and socket event.
 *
 * A session is one sign-in: the refresh-token family it started (every rotation keeps the family
 * id). Its access tokens carry that id as the `sid` claim, so ending a session is revoking its
 * family in the database (endUserSessions, or the refresh's reuse detection), and an access token
 * is good only while its family has a token not revoked and its user may still sign in.
 *
 * The answer is kept per session in this process: a call pays one Map lookup, and the database is
 * asked once per session (again after a revocation touched that user, and on PostgreSQL after
 * LIVE_TTL_MS). A revocation forgets the user's kept answers here at once and, through `fanout`
 * (socket.io's server-side events over the Redis adapter), on every other instance; an answer read
 * while a revocation was under way is not kept (the generation counter), so a stale "live" cannot
 * outlive the revocation that ended it.
 */

const Sid = z.string().min(1).max(100);

/**
 * What ended, as one instance tells the others: every session of the user but `keep` (access
 * ended, password changed), or one session (its refresh token was replayed).
 */
export const SessionsEnded = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('user'), userId: z.number().int().positive(), keep: Sid.nullable() }),
  z.object({ scope: z.literal('session'), userId: z.number().int().positive(), sid: Sid })
]);
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** How the guard reaches beyond this process: set by the realtime server (src/server/realtime/server.ts). */
export interface SessionFanout {
  /** Tells the other instances (not this one) to forget the user's kept answers. */
  publish(ended: SessionsEnded): void;
  /** Closes the sockets of what ended on every instance (agent and monitor namespaces). */
  disconnect(ended: SessionsEnded): void;
}

export interface SessionGuardOptions {
  /**
   * How long a "live" answer is trusted without asking again (ms); null: until a revocation
   * forgets it. PGlite has one process, where every revocation is seen; on PostgreSQL several
   * instances may share the database and a fan-out message can be lost (a Redis reconnect), so
   * the platform bounds the trust there.
   */
  liveTtlMs: number | null;
  /** Sessions remembered at most; the oldest are forgotten first (asked again when they come back). */
  maxEntries?: number;
  now?: () => number;
}

/** PostgreSQL's bound on a "live" answer (see liveTtlMs). */
export const POSTGRES_LIVE_TTL_MS = 30_000;
const DEFAULT_MAX_ENTRIES = 100_000;

interface Verdict {
  userId: number;
  live: boolean;
  at: number;
}

const NO_FANOUT: SessionFanout = { publish: () => undefined, disconnect: () => undefined };

/** The database's answer for one session (databaseSessions in the platform; a fake in unit tests). */
export type SessionLookup = (sid: string, userId: number) => Promise<boolean>;

export class SessionGuard {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private generation = 0;
  private checking = true;
  private fanout: SessionFanout = NO_FANOUT;

  constructor(
    private readonly lookupSession: SessionLookup,
    private readonly options: SessionGuardOptions
  ) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  /** The realtime server's reach (fan-out and sockets); `null` detaches it when the server closes. */
  attach(fanout: SessionFanout | null): void {
    this.fanout = fanout ?? NO_FANOUT;
  }

  /**
   * Whether session `sid` of `userId` lives: synchronously when this process knows, else a promise
   * of the database's answer.
   */
  check(sid: string, userId: number): boolean | Promise<boolean> {
    if (!this.checking) return true;
    const known = this.verdicts.get(sid);
    if (known) {
      // A signed token whose sid is another user's family: never (it cannot be issued).
      if (known.userId !== userId) return false;
      if (!known.live || this.options.liveTtlMs === null || this.now() - known.at < this.options.liveTtlMs) return known.live;
    }
    return this.lookup(sid, userId);
  }

  /**
   * Sessions ended (their families revoked, committed): what this process kept about them is
   * forgotten, the other instances are told to forget it too, and their sockets close everywhere.
   */
  ended(ended: SessionsEnded): void {
    this.forget(ended);
    this.fanout.publish(ended);
    this.fanout.disconnect(ended);
  }

  /** Forgets what this process kept about sessions that ended (here, or on the instance that says so). */
  forget(ended: SessionsEnded): void {
    this.invalidate();
    if (ended.scope === 'session') {
      this.drop(ended.sid);
      return;
    }
    const sids = this.byUser.get(ended.userId);
    if (!sids) return;
    for (const sid of [...sids]) if (sid !== ended.keep) this.drop(sid);
  }

  /** Forgets every kept answer (the fan-out channel was down: messages may have been missed). */
  forgetAll(): void {
    this.invalidate();
    this.verdicts.clear();
    this.byUser.clear();
  }

  /** Test-only (the `read` bench's "before" figure): false answers every session live without a look. */
  setChecking(enabled: boolean): void {
    this.checking = enabled;
  }

  /** Answers being read now may predate what ended: none of them is kept, nor shared with a later call. */
  private invalidate(): void {
    this.generation++;
    this.pending.clear();
  }

  private lookup(sid: string, userId: number): Promise<boolean> {
    const key = `${userId}:${sid}`;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const work = this.lookupSession(sid, userId)
      .then((live) => {
        if (generation === this.generation) this.remember(sid, { userId, live, at: this.now() });
        return live;
      })
      .finally(() => {
        if (this.pending.get(key) === work) this.pending.delete(key);
      });
    this.pending.set(key, work);
    return work;
  }

  private remember(sid: string, verdict: Verdict): void {
    this.drop(sid);
    this.verdicts.set(sid, verdict);
    let sids = this.byUser.get(verdict.userId);
    if (!sids) this.byUser.set(verdict.userId, (sids = new Set()));
    sids.add(sid);
    while (this.verdicts.size > this.maxEntries) {
      const oldest = this.verdicts.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(sid: string): void {
    const verdict = this.verdicts.get(sid);
    if (!verdict) return;
    this.verdicts.delete(sid);
    const sids = this.byUser.get(verdict.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.byUser.delete(verdict.userId);
  }
}

/**
 * The database's answer: the family has a token not revoked, and its user may still sign in
 * (active, not locked, in an active organisation: a session issued by a sign-in that raced a
 * deactivation dies at its first call). One indexed lookup (refresh_tokens_family_idx).
 */
export function databaseSessions(db: Db): SessionLookup {
  return async (sid, userId) => {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(refreshTokens)
      .innerJoin(users, eq(users.idUser, refreshTokens.userId))
      .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
      .where(
        and(
          eq(refreshTokens.familyId, sid),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          eq(users.isActive, true),
          eq(users.isLocked, false),
          eq(organizations.isActive, true)
        )
      )
      .limit(1);
    return rows.length > 0;
  };
}
