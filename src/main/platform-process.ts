/**
 * The embedded platform, run by the desktop app in an Electron utility process (DESIGN.md §1) so its
 * memory and a crash of it cannot take the window down. Plain Node: it must not import electron.
 * Started by adapters/embedded-platform.electron.ts with its data folder and port in the environment
 * and the migrations folder the build copied beside it; it answers on loopback only and posts its URL back.
 */
import { startPlatform } from '../server/platform';
import { PlatformCommand, PlatformProcessEnv, type PlatformMessage } from './platform-messages';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

function parentPort(): ParentPort | null {
  const port: unknown = Reflect.get(process, 'parentPort');
  if (typeof port !== 'object' || port === null) return null;
  const candidate = port as Partial<ParentPort>;
  return typeof candidate.postMessage === 'function' && typeof candidate.on === 'function' ? (port as ParentPort) : null;
}

async function main(): Promise<void> {
  const parent = parentPort();
  if (!parent) {
    console.error('platform-process runs inside the desktop app; use `npm run server` to run the platform on its own.');
    process.exit(1);
  }
  const post = (message: PlatformMessage) => parent.postMessage(message);
  const env = PlatformProcessEnv.safeParse(process.env);
  if (!env.success) {
    post({ type: 'failed', message: 'Invalid platform process environment' });
    process.exit(1);
  }
  try {
    const platform = await startPlatform({
      port: env.data.ATIENDE_PLATFORM_PORT,
      host: '127.0.0.1',
      dataDir: env.data.ATIENDE_PLATFORM_DATA_DIR,
      ...(env.data.ATIENDE_MIGRATIONS_DIR ? { migrationsFolder: env.data.ATIENDE_MIGRATIONS_DIR } : {}),
      logger: false
    });
    parent.on('message', ({ data }) => {
      if (!PlatformCommand.safeParse(data).success) return;
      platform
        .close()
        .catch((error: unknown) => console.error('Platform did not close cleanly', error))
        .finally(() => process.exit(0));
    });
    post({ type: 'ready', url: platform.url });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}

void main();
