/**
 * The `abuse` bench's analytics readers in a process of their own: each loops its statistics
 * requests back to back (node:http on a kept connection) until told to stop, then the process
 * answers the tally. Apart from the bench's process, where the crowd's sockets time the chat, so
 * that the readers' own parsing never delays a measured message.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const Start = z.object({ url: z.string(), tokens: z.array(z.string()), requests: z.array(z.string()).min(1) });
const Tally = z.object({ ok: z.number(), refused: z.number(), failed: z.number() });
export type ReaderTally = z.infer<typeof Tally>;

export interface Readers {
  /** Stops the loops after their requests in flight and answers how those requests were answered. */
  stop(): Promise<ReaderTally>;
}

/** Forks this file (under tsx) with the readers' tokens; resolves once their loops have started. */
export function startReaders(url: string, tokens: readonly string[], requests: readonly string[]): Promise<Readers> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench readers exited (${code}) before starting`)));
    child.once('message', () => {
      child.removeAllListeners('exit');
      resolve({
        stop: () =>
          new Promise((done, failed) => {
            child.once('message', (tally) => done(Tally.parse(tally)));
            child.once('exit', (code) => failed(new Error(`bench readers exited (${code}) without a tally`)));
            child.send('stop');
          })
      });
    });
    child.send({ url, tokens, requests });
  });
}

async function readLoop({ url, tokens, requests }: z.infer<typeof Start>): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  const tally: ReaderTally = { ok: 0, refused: 0, failed: 0 };
  let reading = true;
  const get = (path: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(`${url}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      });
      req.once('error', reject);
    });
  const loops = tokens.map(async (token, r) => {
    for (let i = r; reading; i++) {
      const status = await get(requests[i % requests.length] ?? '', token);
      if (status >= 200 && status < 300) tally.ok++;
      else if (status < 500) tally.refused++;
      else tally.failed++;
    }
  });
  process.once('message', () => {
    reading = false;
    void Promise.all(loops).then(() => process.send?.(tally, () => process.exit(0)));
  });
  process.send?.('started');
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    readLoop(Start.parse(raw)).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.once('disconnect', () => process.exit(0));
}
