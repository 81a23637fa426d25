import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/**
 * A real SMTP server on a loopback port (smtp-server) that the notification tests and the bench
 * send to. It keeps what arrived, with its envelope, and can be told to refuse: a recipient or a
 * message with a given reply code (4xx: try later; 5xx: never), or to go away and come back.
 */

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  /** The message's bytes as they arrived. */
  raw: Buffer;
  /** mailparser's reading of them (decoded subject, text, headers). */
  parsed: ParsedMail;
}

export interface SinkBehaviour {
  /** A reply code to refuse this recipient's RCPT TO with, or null to take it. */
  rcpt?: (address: string) => number | null;
  /** A reply code to refuse the message (after DATA) with, or null to take it. */
  data?: () => number | null;
  /** How long the server takes to answer a message (a slow server: sends stay under way meanwhile). */
  delayMs?: number;
}

function refusal(code: number, text: string): SMTPServerError {
  const error: SMTPServerError = new Error(text);
  error.responseCode = code;
  return error;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  behaviour: SinkBehaviour = {};
  /** How many messages arrived (parsed or not: the bench sets parse false and counts). */
  count = 0;
  /** Messages being received at once now, and the most seen at once (how many sends a client keeps under way). */
  inData = 0;
  maxInData = 0;
  private server: SMTPServer | null = null;
  private waiters: { n: number; resolve: () => void }[] = [];

  private constructor(
    private readonly parse: boolean,
    public port: number
  ) {}

  /** Starts listening on 127.0.0.1 (port 0: any free one). parse false: keep only the count (the bench). */
  static async start({ port = 0, parse = true }: { port?: number; parse?: boolean } = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(parse, port);
    await sink.listen();
    return sink;
  }

  private listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onRcptTo: (address, _session, callback) => {
        const code = this.behaviour.rcpt?.(address.address) ?? null;
        callback(code === null ? null : refusal(code, code >= 500 ? 'Buzón de destino no existe' : 'Buzón ocupado, intente más tarde'));
      },
      onData: (stream, session, done) => {
        this.inData++;
        this.maxInData = Math.max(this.maxInData, this.inData);
        const callback = (...args: Parameters<typeof done>) => {
          this.inData--;
          done(...args);
        };
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => setTimeout(() => {
          const code = this.behaviour.data?.() ?? null;
          if (code !== null) {
            callback(refusal(code, code >= 500 ? 'Mensaje rechazado' : 'Sistema ocupado, intente más tarde'));
            return;
          }
          const raw = Buffer.concat(chunks);
          const to = session.envelope.rcptTo.map((r) => r.address);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const arrived = () => {
            this.count++;
            this.waiters = this.waiters.filter((w) => {
              if (this.count < w.n) return true;
              w.resolve();
              return false;
            });
          };
          if (!this.parse) {
            arrived();
            callback(null, 'Aceptado');
            return;
          }
          simpleParser(raw).then(
            (parsed) => {
              this.received.push({ to, from, raw, parsed });
              arrived();
              callback(null, 'Aceptado');
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)))
          );
        }, this.behaviour.delayMs ?? 0));
      }
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        const address: AddressInfo | string | null = server.server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve();
      });
    });
  }

  /** The mails whose envelope went to `address`. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  /** Resolves once `n` messages in all have arrived. */
  waitForCount(n: number, timeoutMs = 15_000): Promise<void> {
    if (this.count >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${this.count} of ${n} messages arrived within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        n,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** Stops listening and drops the open connections: the server is gone (connections are refused). */
  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  restart(): Promise<void> {
    return this.listen();
  }
}
