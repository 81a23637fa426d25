import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import yaml from 'js-yaml';

/** The channel files electron-builder publishes (latest.yml for Windows, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml). */
export const CHANNEL_FILE = /^latest(?:-[a-z0-9]+){0,3}\.yml$/;
/** An artifact's name as electron-builder writes it (product, version, arch, extension), never a path. */
export const ARTIFACT_FILE = /^[A-Za-z0-9][A-Za-z0-9 ._+-]{0,200}$/;

/** One channel file, parsed: the fields the feed reads (the rest is served as written). */
export interface ChannelInfo {
  version: string;
  releaseDate: string | null;
  stagingPercentage: number | null;
  document: Record<string, unknown>;
}

/** The regular files of the folder (no folders, no dotfiles): what the feed may serve, nothing else. */
export async function feedFiles(dir: string): Promise<Set<string>> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile() && ARTIFACT_FILE.test(e.name)).map((e) => e.name));
  } catch {
    return new Set();
  }
}

/** A channel file of the folder, parsed; null when it is absent or not a release electron-updater could read. */
export async function readChannel(dir: string, name: string): Promise<ChannelInfo | null> {
  let text: string;
  try {
    text = await readFile(join(dir, name), 'utf8');
  } catch {
    return null;
  }
  let document: unknown;
  try {
    document = yaml.load(text, { schema: yaml.JSON_SCHEMA });
  } catch {
    return null;
  }
  if (typeof document !== 'object' || document === null) return null;
  const doc = document as Record<string, unknown>;
  if (typeof doc.version !== 'string') return null;
  const staging = Number(doc.stagingPercentage);
  return {
    version: doc.version,
    releaseDate: typeof doc.releaseDate === 'string' ? doc.releaseDate : null,
    stagingPercentage: doc.stagingPercentage === undefined || !Number.isFinite(staging) ? null : staging,
    document: doc
  };
}

/** The channel file as served: stagingPercentage set to `percentage` when the rollout names one. */
export function servedChannel(info: ChannelInfo, percentage: number | null): string {
  const document = percentage === null ? info.document : { ...info.document, stagingPercentage: percentage };
  return yaml.dump(document, { lineWidth: -1 });
}

/** The release the feed publishes: the version of latest.yml, else of the first channel file; null without any. */
export async function publishedRelease(dir: string): Promise<{ version: string; releaseDate: string | null; channels: string[]; stagingPercentage: number | null } | null> {
  const channels = [...(await feedFiles(dir))].filter((name) => CHANNEL_FILE.test(name)).sort();
  const infos = (await Promise.all(channels.map(async (name) => ({ name, info: await readChannel(dir, name) })))).filter((c) => c.info !== null);
  const main = infos.find((c) => c.name === 'latest.yml') ?? infos[0];
  if (!main?.info) return null;
  const version = main.info.version;
  return {
    version,
    releaseDate: main.info.releaseDate,
    channels: infos.filter((c) => c.info?.version === version).map((c) => c.name),
    stagingPercentage: main.info.stagingPercentage
  };
}
