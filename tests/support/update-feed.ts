import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { NsisUpdater, type AppUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
// electron-builder's own Node HTTP executor (electron-updater's is Electron's net module).
import { NodeHttpExecutor } from 'builder-util/out/nodeHttpExecutor';
import { configureRequestOptions, configureRequestUrl, type DownloadOptions } from 'builder-util-runtime';

/**
 * NodeHttpExecutor with the one method electron-updater adds in its Electron executor: download,
 * written as ElectronHttpExecutor.download is — the shared doDownload, which checks the sha512.
 */
class DeskHttpExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(requestOptions, { destination, options, onCancel, callback: (error) => (error == null ? resolve(destination) : reject(error)), responseHandler: null }, 0);
    });
  }
}

/** A release as `electron-builder --publish` writes it: the artifact and latest.yml with its sha512 (base64) and size. */
export interface WrittenRelease {
  version: string;
  artifact: string;
  bytes: Buffer;
  sha512: string;
}

export async function writeRelease(dir: string, version: string, options: { size?: number; stagingPercentage?: number } = {}): Promise<WrittenRelease> {
  const artifact = `Atiende-${version}-setup.exe`;
  const bytes = randomBytes(options.size ?? 256 * 1024);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  await writeFile(join(dir, artifact), bytes);
  const channel = {
    version,
    files: [{ url: artifact, sha512, size: bytes.length }],
    path: artifact,
    sha512,
    releaseDate: '2026-12-01T10:00:00.000Z',
    ...(options.stagingPercentage === undefined ? {} : { stagingPercentage: options.stagingPercentage })
  };
  await writeFile(join(dir, 'latest.yml'), yaml.dump(channel));
  return { version, artifact, bytes, sha512 };
}

/**
 * A desk's staging id whose last four bytes — all electron-updater reads of it (AppUpdater.isStagingMatch:
 * readUInt32BE(12) / 0xffffffff < stagingPercentage / 100) — place desk `i` of `n` in the middle
 * of its 1/n slice, so exactly p % of n desks fall within a p % rollout.
 */
export function spreadDeskId(i: number, n: number): string {
  const tail = Math.floor(((i + 0.5) / n) * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  return `0e5a7c1d-2b3f-4a6e-9c8d-${(i % 0x10000).toString(16).padStart(4, '0')}${tail}`;
}

/**
 * electron-updater's own NSIS updater, run in Node as its own tests run it: an AppAdapter of a
 * desk on `version` (its user data holding the staging id), the generic provider at `feedUrl`,
 * electron-builder's Node HTTP executor.
 */
export async function deskUpdater(feedUrl: string, version: string, deskId: string): Promise<AppUpdater> {
  const home = await mkdtemp(join(tmpdir(), 'atiende-desk-'));
  await mkdir(join(home, 'data'));
  await writeFile(join(home, 'data', '.updaterId'), deskId);
  await writeFile(join(home, 'app-update.yml'), yaml.dump({ provider: 'generic', url: feedUrl, updaterCacheDirName: 'atiende-updater' }));
  const app: AppAdapter = {
    version,
    name: 'Atiende',
    isPackaged: true,
    appUpdateConfigPath: join(home, 'app-update.yml'),
    userDataPath: join(home, 'data'),
    baseCachePath: join(home, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {}
  };
  const updater = new NsisUpdater(null, app);
  // As electron-updater's own tests do: the executor, and the platform whose channel file it reads (latest.yml: Windows).
  Object.assign(updater, { httpExecutor: new DeskHttpExecutor(), _testOnlyOptions: { platform: 'win32', isUseDifferentialDownload: false } });
  updater.logger = null;
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.disableDifferentialDownload = true;
  return updater;
}
