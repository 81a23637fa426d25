import { createHash } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';

/**
 * Issue 39: the ways a notification leaves the platform, behind one interface. Each send answers
 * what happened — sent, or why not and whether trying again may help — and how long the provider
 * took; it never throws for a provider's refusal or silence (the worker logs every outcome).
 */

/** The integration log's service of each channel (integration_calls.service). */
export type ChannelService = 'smtp' | 'eml' | 'sms';

/**
 * - transient: the provider may take it later (a 4xx reply, a timeout, a dropped connection): retried with back-off;
 * - permanent: it never will (a 5xx reply, a configuration the rules refuse): 'FALLIDA' at once;
 * - bounce: the mail server refused the recipient for good (5xx on RCPT TO or DATA): permanent, and the address is suppressed.
 */
export type FailureKind = 'transient' | 'permanent' | 'bounce';

export type SendOutcome =
  | { ok: true; service: ChannelService; detail: string; durationMs: number }
  | {
      ok: false;
      service: ChannelService;
      kind: FailureKind;
      detail: string;
      durationMs: number;
      /** Whether the provider was reached at all (a refused or unresolvable host is not a provider call). */
      called: boolean;
    };

export interface Channel<M> {
  readonly service: ChannelService;
  send(message: M): Promise<SendOutcome>;
}

/** An e-mail as rendered: one recipient, plain text. */
export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The outbox row's idempotency key: the Message-ID and the .eml file's name derive from it. */
  idempotencyKey: string;
  outboxId: number;
}

/** An SMS as rendered. */
export interface OutgoingSms {
  to: string;
  text: string;
  idempotencyKey: string;
}

/** What nothing is ever sent to, and what sends when the organisation names no From address. */
export const PLATFORM_FROM_ADDRESS = 'notificaciones@atiende.local';

/** A short stable digest of an idempotency key (hex). */
export function keyDigest(idempotencyKey: string, length = 32): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, length);
}

/**
 * The message as nodemailer composes it (MIME, RFC 2047 subjects, quoted-printable bodies are all
 * nodemailer's). The Message-ID derives from the idempotency key, so a notification tried twice is
 * the same message to every mail system that deduplicates by it. Auto-Submitted (RFC 3834) and
 * X-Auto-Response-Suppress ask the receiving side not to answer with an out-of-office or an
 * auto-reply — the mail loops the platform must never start.
 */
export function mailOptions(mail: OutgoingEmail): SendMailOptions {
  const domain = mail.from.split('@')[1] ?? 'atiende.local';
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: `<${keyDigest(mail.idempotencyKey)}@${domain}>`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' }
  };
}

/** Milliseconds since `start` (performance.now()), whole. */
export function elapsedSince(start: number): number {
  return Math.max(0, Math.round(performance.now() - start));
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
