import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { elapsedSince, errorText, type Channel, type FailureKind, type OutgoingSms, type SendOutcome } from './channel';
import type { ChannelEndpoint } from './endpoint';

/** An organisation's SMS provider as the worker uses it (the token already unsealed). */
export interface SmsSettings {
  url: string;
  user: string;
  token: string | null;
}

/** The most of a provider's answer kept for the log. */
const DETAIL_BYTES = 500;

/**
 * What a provider's HTTP status means: 2xx taken; 408 and 429 (too slow, too many) and every 5xx
 * may pass later; any other 4xx is the request itself refused (a bad number, bad credentials) and
 * would be refused again.
 */
export function classifySmsStatus(status: number): 'sent' | FailureKind {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 408 || status === 429) return 'transient';
  if (status >= 400 && status < 500) return 'permanent';
  return 'transient';
}

/**
 * The SMS channel: one HTTP POST per message to the organisation's provider URL, JSON
 * `{ to, text, reference }` (reference: the notification's idempotency key, also sent as the
 * Idempotency-Key header, so a provider that honours it takes a retried message once), with basic
 * authentication (user and token) when a user is set. The socket goes to the checked address
 * (endpoint.ts) while the URL's host stays the Host header and the TLS server name.
 */
export class SmsHttpChannel implements Channel<OutgoingSms> {
  readonly service = 'sms';

  constructor(
    private readonly settings: SmsSettings,
    private readonly endpoint: ChannelEndpoint,
    private readonly timeoutMs: number
  ) {}

  send(sms: OutgoingSms): Promise<SendOutcome> {
    const start = performance.now();
    const url = new URL(this.settings.url);
    const body = JSON.stringify({ to: sms.to, text: sms.text, reference: sms.idempotencyKey });
    const { address, family } = this.endpoint;
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'idempotency-key': sms.idempotencyKey
    };
    if (this.settings.user !== '') headers.authorization = `Basic ${Buffer.from(`${this.settings.user}:${this.settings.token ?? ''}`).toString('base64')}`;
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendOutcome>((done) => {
      let settled = false;
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done(outcome);
      };
      const sent = (detail: string) => settle({ ok: true, service: 'sms', detail, durationMs: elapsedSince(start) });
      const failed = (kind: FailureKind, detail: string) => settle({ ok: false, service: 'sms', kind, detail, durationMs: elapsedSince(start), called: true });
      const req = request(url, { method: 'POST', headers, lookup }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < DETAIL_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        res.on('error', (error) => failed('transient', `El proveedor de SMS cortó la respuesta: ${errorText(error)}`));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const answer = Buffer.concat(chunks).toString('utf8').slice(0, DETAIL_BYTES).replace(/\s+/g, ' ').trim();
          const detail = `HTTP ${status}${answer === '' ? '' : `: ${answer}`}`;
          const verdict = classifySmsStatus(status);
          if (verdict === 'sent') sent(detail);
          else failed(verdict, detail);
        });
      });
      const timer = setTimeout(() => {
        req.destroy(new Error(`sin respuesta en ${this.timeoutMs} ms`));
        failed('transient', `Tiempo de espera del proveedor de SMS agotado (${Math.round(this.timeoutMs / 1000)} s)`);
      }, this.timeoutMs);
      req.on('error', (error) => failed('transient', `No se pudo contactar al proveedor de SMS: ${errorText(error)}`));
      req.end(body);
    });
  }
}
