/**
 * One process of the `cluster` bench's echo cluster: the bare socket.io echo (echo-baseline.ts, the
 * platform's socket.io options) with the platform's Redis streams adapter on REDIS_URL, on
 * --port/--host as src/server/main.ts takes them, so the supervisor (src/server/cluster/supervisor.ts,
 * its `entry` option) runs N of them behind the same generated HAProxy configuration as the
 * platform's. SIGTERM/SIGINT close it.
 */
import { startEchoServer } from './echo-baseline';

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const port = Number(arg('--port') ?? 0);
const host = arg('--host') ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`echo-node: invalid --port ${arg('--port')}`);

const echo = await startEchoServer({ port, host, redisUrl: process.env.REDIS_URL || undefined });
console.log(`echo listening on ${echo.url}`);
const stop = () => {
  echo.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('echo-node: close failed', error);
      process.exit(1);
    }
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
