import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../../config';
import { elapsedSince, errorText, keyDigest, mailOptions, type Channel, type OutgoingEmail, type SendOutcome } from './channel';

/**
 * The platform's outbox folder, where the e-mails of an organisation without an SMTP server are
 * written: NOTIFY_OUTBOX_DIR; else 'outbox' beside the PGlite data directory (./.data/outbox for
 * ./.data/platform); else (in memory, PostgreSQL) a folder of the system's temporary directory.
 */
export function outboxFolder(config: Pick<ServerConfig, 'notifyOutboxDir' | 'database'>): string {
  if (config.notifyOutboxDir) return resolve(config.notifyOutboxDir);
  const { database } = config;
  if (database.kind === 'pglite' && database.dataDir) return join(dirname(resolve(database.dataDir)), 'outbox');
  return join(tmpdir(), 'atiende-outbox');
}

/** The file of a notification: its outbox row (sortable) and its key's digest, so a retry rewrites the same file instead of adding one. */
export function emlFileName(mail: Pick<OutgoingEmail, 'outboxId' | 'idempotencyKey'>): string {
  return `${String(mail.outboxId).padStart(10, '0')}-${keyDigest(mail.idempotencyKey, 12)}.eml`;
}

/**
 * The embedded default: each e-mail composed by nodemailer exactly as it would go over SMTP
 * (its stream transport), written to a temporary file, flushed, then renamed into place — a reader
 * of the folder sees a whole message or none, never half of one.
 */
export class EmlChannel implements Channel<OutgoingEmail> {
  readonly service = 'eml';
  private readonly transport: Transporter;
  private made: Promise<unknown> | null = null;

  constructor(readonly folder: string) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', disableFileAccess: true, disableUrlAccess: true });
  }

  async send(mail: OutgoingEmail): Promise<SendOutcome> {
    const start = performance.now();
    const name = emlFileName(mail);
    const temporary = join(this.folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      this.made ??= mkdir(this.folder, { recursive: true }).catch((error: unknown) => {
        this.made = null;
        throw error;
      });
      await this.made;
      const info = await this.transport.sendMail(mailOptions(mail));
      const message: unknown = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('nodemailer did not compose the message');
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(message);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(temporary, join(this.folder, name));
      return { ok: true, service: 'eml', detail: `Guardado en ${join(this.folder, name)} (sin servidor SMTP)`, durationMs: elapsedSince(start) };
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      // A full or read-only disk may be fixed: tried again with the back-off.
      return { ok: false, service: 'eml', kind: 'transient', detail: `No se pudo escribir el archivo .eml: ${errorText(error)}`, durationMs: elapsedSince(start), called: true };
    }
  }
}
