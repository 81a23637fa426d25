import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP receiver standing in for an SMS provider: it keeps each request and answers the status it is told to. */
export interface SmsRequest {
  headers: IncomingHttpHeaders;
  body: unknown;
}

export class SmsReceiver {
  readonly requests: SmsRequest[] = [];
  /** The status of the next answers (200 by default). */
  status = 200;

  private constructor(
    private readonly server: Server,
    readonly url: string
  ) {}

  static async start(): Promise<SmsReceiver> {
    let receiver: SmsReceiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = Buffer.concat(chunks).toString('utf8');
        }
        receiver?.requests.push({ headers: req.headers, body });
        const status = receiver?.status ?? 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status < 300 ? { id: `sms-${receiver?.requests.length ?? 0}` } : { error: 'Número de destino inválido' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    receiver = new SmsReceiver(server, `http://127.0.0.1:${port}/sms/enviar`);
    return receiver;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
