/**
 * The `notify` bench's baseline, in a fresh process of its own: the same `count` summaries the
 * platform sends (notify-mail.ts, rendered with the organisation's template before anything is
 * timed, composed by the platform's mailOptions), sent by nodemailer directly in a loop with
 * `inFlight` sends under way at once, through a pool made with the very options the platform's
 * SMTP channel uses (channels/smtp.ts: pool, `maxConnections`, no requeueing, smtpConnectionOptions).
 * Answers when the first send started (nowMs, comparable with the sink's times) and how many failed.
 * The floor (notify-floor.ts) composes, pools and sends with this file's functions.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { mailOptions, PLATFORM_FROM_ADDRESS, type OutgoingEmail } from '../../src/server/notify/channels/channel';
import { smtpConnectionOptions } from '../../src/server/notify/channels/smtp';
import { idempotencyKey } from '../../src/server/notify/outbox';
import { inBatches, nowMs } from './report';
import { EMAIL_CHANNEL, renderSummary, summaryRecipient, summaryVariables } from './notify-mail';

export const BaselineRequest = z.object({
  port: z.number(),
  count: z.number().int().positive(),
  tag: z.string(),
  organisation: z.string(),
  template: z.object({ subject: z.string(), body: z.string(), excludeCustomerContent: z.boolean() }),
  inFlight: z.number().int().positive(),
  maxConnections: z.number().int().positive(),
  timeoutMs: z.number().int().positive()
});
export type BaselineRequest = z.infer<typeof BaselineRequest>;

const Result = z.object({ startMs: z.number(), sentMs: z.number(), failed: z.number(), firstError: z.string().nullable(), bytes: z.number() });
export type BaselineResult = z.infer<typeof Result>;

/** Forks this file (under tsx), sends the messages, and answers once every send has ended. */
export async function runBaseline(request: BaselineRequest): Promise<BaselineResult> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bench: the nodemailer baseline's process exited (${code}) before it answered`)));
  });
  child.send(request);
  const result = Result.parse(await answer);
  child.kill();
  return result;
}

/**
 * Customer 1 … `count`'s summaries, rendered and composed as the platform's worker does; each
 * carries `keys[i]` as its idempotency key (the Message-ID derives from it), or a fresh event's.
 */
export function composeSummaries(request: BaselineRequest, keys?: readonly string[]): OutgoingEmail[] {
  return Array.from({ length: request.count }, (_, i) => {
    const to = summaryRecipient(request.tag, i + 1);
    const { subject, text } = renderSummary(request.template, summaryVariables(request.tag, i + 1, request.organisation));
    return { from: PLATFORM_FROM_ADDRESS, to, subject, text, idempotencyKey: keys?.[i] ?? idempotencyKey(randomUUID(), to, EMAIL_CHANNEL, 1), outboxId: i + 1 };
  });
}

/** A nodemailer pool made with the platform's SMTP channel's options, to the sink. */
export function platformPool(request: BaselineRequest): Transporter {
  const endpoint = { host: '127.0.0.1', address: '127.0.0.1' };
  const settings = { host: '127.0.0.1', port: request.port, security: 'none' as const, user: '', password: null };
  return nodemailer.createTransport({ pool: true, maxConnections: request.maxConnections, maxRequeues: 0, ...smtpConnectionOptions(settings, endpoint, request.timeoutMs) });
}

/** What one accepted send took (ms, whole, as the channel logs it) and the server's answer. */
export interface SentMail {
  index: number;
  durationMs: number;
  response: string;
}

/** Sends every mail with `inFlight` under way at once; `onSent` hears each one the server accepted. */
export async function sendEach(
  transport: Transporter,
  mails: readonly OutgoingEmail[],
  inFlight: number,
  onSent: (sent: SentMail) => void = () => undefined
): Promise<{ failed: number; firstError: string | null }> {
  let failed = 0;
  let firstError: string | null = null;
  await inBatches(mails, inFlight, async (mail, index) => {
    const began = performance.now();
    try {
      const info: { response?: unknown } = await transport.sendMail(mailOptions(mail));
      onSent({ index, durationMs: Math.max(0, Math.round(performance.now() - began)), response: typeof info.response === 'string' ? info.response : '' });
    } catch (error) {
      failed++;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  });
  return { failed, firstError };
}

async function sendAll(raw: unknown): Promise<void> {
  const request = BaselineRequest.parse(raw);
  const mails = composeSummaries(request);
  const bytes = mails.reduce((sum, m) => sum + Buffer.byteLength(m.subject) + Buffer.byteLength(m.text), 0);
  const transport = platformPool(request);
  const startMs = nowMs();
  const { failed, firstError } = await sendEach(transport, mails, request.inFlight);
  const sentMs = nowMs();
  transport.close();
  process.send?.({ startMs, sentMs, failed, firstError, bytes });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    void sendAll(raw);
  });
}
