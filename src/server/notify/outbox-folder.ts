import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ServerConfig } from '../config';

/**
 * Issue 39: the platform's outbox folder — where the e-mails of an organisation without an SMTP
 * server are written as .eml files. NOTIFY_OUTBOX_DIR when set; otherwise 'outbox' beside the PGlite
 * data directory (./.data/platform → ./.data/outbox); on PostgreSQL or PGlite in memory, a folder
 * of the system's temporary directory. One answer per configuration, so the worker that writes the
 * files and the channels' view that names the folder always agree.
 */
export function notifyOutboxFolder(config: Pick<ServerConfig, 'notifyOutboxDir' | 'database'>): string {
  if (config.notifyOutboxDir) return resolve(config.notifyOutboxDir);
  const { database } = config;
  if (database.kind === 'pglite' && database.dataDir) return join(dirname(resolve(database.dataDir)), 'outbox');
  return join(tmpdir(), 'atiende-outbox');
}
