/**
 * The `notify` bench's SMTP server: smtp-server on a loopback port, in a process of its own (neither
 * the platform nor the baseline shares its thread with it), no authentication, taking every message
 * and discarding its bytes as they come. It counts messages, the distinct recipients among them, and
 * keeps each arrival's time (nowMs: process.hrtime, the system's monotonic clock, so the bench
 * compares it with times taken in other processes), and answers over IPC.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { nowMs } from './report';

const SinkStatus = z.object({
  /** Messages taken since the last reset. */
  count: z.number(),
  /** Distinct RCPT TO addresses among them. */
  distinct: z.number(),
  /** When the `nth` message asked about arrived (nowMs), or null while it has not. */
  nthAtMs: z.number().nullable()
});
export type SinkStatus = z.infer<typeof SinkStatus>;

const Request = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), id: z.number(), nth: z.number().int().positive().nullable() }),
  z.object({ kind: z.literal('reset'), id: z.number() })
]);
const Answer = z.object({ id: z.number(), status: SinkStatus });
const Ready = z.object({ port: z.number() });

export interface SinkProcess {
  port: number;
  /** Counts since the last reset; with `nth`, when the nth message arrived. */
  status(nth?: number): Promise<SinkStatus>;
  /** Forgets every message so far. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Forks this file (under tsx) and waits until its server listens. */
export function startSinkProcess(): Promise<SinkProcess> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, (status: SinkStatus) => void>();
  let next = 0;
  const ask = (request: z.input<typeof Request>) =>
    new Promise<SinkStatus>((resolve, reject) => {
      if (!child.connected) return reject(new Error('bench: the SMTP sink process is gone'));
      pending.set(request.id, resolve);
      child.send(request);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench: the SMTP sink process exited (${code}) before it listened`)));
    child.on('message', (raw: unknown) => {
      const answer = Answer.safeParse(raw);
      if (answer.success) {
        pending.get(answer.data.id)?.(answer.data.status);
        pending.delete(answer.data.id);
        return;
      }
      const ready = Ready.safeParse(raw);
      if (!ready.success) return;
      resolve({
        port: ready.data.port,
        status: (nth) => ask({ kind: 'status', id: ++next, nth: nth ?? null }),
        reset: async () => {
          await ask({ kind: 'reset', id: ++next });
        },
        async stop() {
          if (child.connected) child.send('stop');
          await exited;
        }
      });
    });
  });
}

/** The child's side: listen, then answer until 'stop' or the parent's disconnect. */
async function serve(): Promise<void> {
  let arrivals: number[] = [];
  let recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      stream.on('end', () => {
        arrivals.push(nowMs());
        for (const rcpt of session.envelope.rcptTo) recipients.add(rcpt.address);
        callback(null, 'Aceptado');
      });
      stream.resume();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const stop = () => server.close(() => process.exit(0));
  process.on('message', (raw: unknown) => {
    if (raw === 'stop') return stop();
    const request = Request.parse(raw);
    if (request.kind === 'reset') {
      arrivals = [];
      recipients = new Set();
    }
    const nth = request.kind === 'status' && request.nth !== null ? (arrivals[request.nth - 1] ?? null) : null;
    process.send?.({ id: request.id, status: { count: arrivals.length, distinct: recipients.size, nthAtMs: nth } });
  });
  process.once('disconnect', stop);
  process.send?.({ port: address.port });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) void serve();
