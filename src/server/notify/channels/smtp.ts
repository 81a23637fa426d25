import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSecurity } from '../../../shared/domain/notify-channels';
import { elapsedSince, errorText, mailOptions, type Channel, type FailureKind, type OutgoingEmail, type SendOutcome } from './channel';
import type { ChannelEndpoint } from './endpoint';

/** An organisation's SMTP server as the worker uses it (the password already unsealed). */
export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string | null;
}

/** The properties nodemailer sets on its errors (NodemailerError), read without trusting their presence. */
interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  response?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
}

/**
 * What a refusal means. nodemailer marks a reply permanent from its class (RFC 5321: 5yz, except
 * 503); a permanent refusal of RCPT TO or of the message at DATA is the recipient's server saying
 * this address will never take it — a bounce, which suppresses the address. Any other permanent
 * reply (MAIL FROM, AUTH) is the organisation's configuration: failed now, retried by hand once
 * fixed. Everything else — 4yz replies, timeouts, refused or dropped connections, TLS — may pass later.
 */
export function classifySmtpFailure(error: unknown): FailureKind {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  if (failure.permanent !== true) return 'transient';
  return failure.command === 'RCPT TO' || failure.command === 'DATA' ? 'bounce' : 'permanent';
}

function failureDetail(error: unknown): string {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  const response = typeof failure.response === 'string' && failure.response !== '' ? failure.response : null;
  const command = typeof failure.command === 'string' && failure.command !== 'API' && failure.command !== 'CONN' ? `${failure.command}: ` : '';
  return response ? `${command}${response}` : errorText(error);
}

/**
 * How nodemailer reaches an organisation's SMTP server, for a send (SmtpChannel) and for 'Probar
 * conexión' (channel-settings.ts) alike: to the checked address, the host's name as the TLS server
 * name, TLS as the settings say (at least 1.2), logged in when there is a user; never a file or URL
 * read on a message's behalf.
 */
export function smtpConnectionOptions(settings: SmtpSettings, endpoint: Pick<ChannelEndpoint, 'host' | 'address'>, timeoutMs: number): SMTPTransport.Options {
  return {
    host: endpoint.address,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    tls: { minVersion: 'TLSv1.2', ...(isIP(endpoint.host) === 0 ? { servername: endpoint.host } : {}) },
    ...(settings.user !== '' ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true
  };
}

/**
 * One organisation's SMTP server through a nodemailer pool: a few connections kept open between
 * notifications, to the checked address (endpoint.ts) with the host's name as the TLS server name.
 * nodemailer's own requeueing is off (maxRequeues 0): a message whose connection dropped is the
 * worker's to retry, with its back-off and a log row per attempt, never silently sent again.
 */
export class SmtpChannel implements Channel<OutgoingEmail> {
  readonly service = 'smtp';
  private readonly transport: Transporter;
  private sending = 0;
  private closing = false;

  constructor(
    settings: SmtpSettings,
    readonly endpoint: ChannelEndpoint,
    { maxConnections, timeoutMs }: { maxConnections: number; timeoutMs: number }
  ) {
    this.transport = nodemailer.createTransport({ pool: true, maxConnections, maxRequeues: 0, ...smtpConnectionOptions(settings, endpoint, timeoutMs) });
  }

  async send(mail: OutgoingEmail): Promise<SendOutcome> {
    const start = performance.now();
    this.sending++;
    try {
      const info = await this.transport.sendMail(mailOptions(mail));
      const response: unknown = info.response;
      return { ok: true, service: 'smtp', detail: typeof response === 'string' ? response : '', durationMs: elapsedSince(start) };
    } catch (error) {
      return { ok: false, service: 'smtp', kind: classifySmtpFailure(error), detail: failureDetail(error), durationMs: elapsedSince(start), called: true };
    } finally {
      this.sending--;
      if (this.closing && this.sending === 0) this.transport.close();
    }
  }

  /** Closes the pool once the sends under way have ended (new ones should go to a fresh channel). */
  retire(): void {
    this.closing = true;
    if (this.sending === 0) this.transport.close();
  }
}
