import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { NOTIFY_DEFAULTS, type NotifyChannelsBody, type NotifyChannelsView, type SmtpSecurity } from '../../shared/domain/notify-channels';
import { notificationChannels, notificationEmails } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import type { AddressRules } from '../ldap/address-rules';
import { EndpointRefused, normaliseHost, resolveChannelHost, type Lookup } from './channels/endpoint';
import { smtpConnectionOptions, type SmtpSettings } from './channels/smtp';
import type { ProbeTexts } from '../ldap/probe-budget';
import { seal, unseal } from './secrets';

/**
 * Issue 39: an organisation's notification channels — its SMTP server and its SMS provider (an
 * HTTP endpoint) — as stored (notification_channels), as answered (never a secret: only whether
 * one is stored) and as tried by 'Probar conexión'. The SMTP password and the SMS token are kept
 * sealed (secrets.ts). Every host the platform would connect to is resolved once and checked
 * against the address rules (ldap/address-rules.ts, NOTIFY_ALLOWED_HOSTS) — a loopback, private or
 * link-local address is refused unless the operator allows it — and the connection then goes to
 * that very address (DNS rebinding), the name kept for TLS.
 */

type ChannelRow = typeof notificationChannels.$inferSelect;

/** The platform's own sending address: the From of an organisation that names none. Nothing is ever sent to it. */
import { PLATFORM_FROM_ADDRESS } from './channels/channel';

export { PLATFORM_FROM_ADDRESS };

export const CHANNEL_TEXT = {
  smtpHostRefused:
    'smtpHost: El servidor SMTP no se puede usar: su nombre no se encuentra, o su dirección no es una dirección pública de Internet ni una de las que esta plataforma permite (NOTIFY_ALLOWED_HOSTS)',
  smsUrlRefused:
    'smsUrl: La URL del proveedor de SMS no se puede usar: su servidor no se encuentra, o su dirección no es una dirección pública de Internet ni una de las que esta plataforma permite (NOTIFY_ALLOWED_HOSTS)',
  smtpPasswordRequired: 'smtpPassword: Ingrese la contraseña SMTP del usuario',
  smtpPasswordAgain: 'smtpPassword: El servidor o el usuario SMTP cambió: ingrese de nuevo la contraseña',
  fromIsRecipient: 'fromAddress: Esa dirección recibe las notificaciones de la entidad (correos de notificación); el remitente debe ser otra',
  probeNoSmtpHost: 'smtpHost: Ingrese el servidor SMTP que desea probar',
  probeNoSmsUrl: 'smsUrl: Ingrese la URL del proveedor de SMS que desea probar',
  smtpOk: 'El servidor SMTP aceptó la conexión. No se envió ningún correo.',
  smtpOkWithLogin: 'El servidor SMTP aceptó la conexión, el usuario y la contraseña. No se envió ningún correo.',
  smtpUnreachable: 'No se pudo establecer la conexión con el servidor SMTP: revise el servidor, el puerto y el cifrado.',
  smtpLoginRefused: 'El servidor SMTP rechazó el usuario o la contraseña.',
  smtpLoginNeeded: 'El servidor SMTP pide usuario y contraseña: ingréselos.',
  smtpNoStartTls: 'El servidor SMTP no ofrece STARTTLS: elija «TLS» o «Sin cifrado» según el puerto.',
  smtpRefused: (reply: string) => `El servidor SMTP respondió con un error: ${reply}`,
  smsAnswered: (status: number) => `El proveedor de SMS respondió (HTTP ${status}). No se envió ningún mensaje.`,
  smsCredentialsRefused: (status: number) => `El proveedor de SMS rechazó las credenciales (HTTP ${status}).`,
  smsNotFound: (status: number) => `La URL del proveedor de SMS no existe (HTTP ${status}).`,
  smsFailed: (status: number) => `El proveedor de SMS respondió con un error (HTTP ${status}).`,
  smsUnreachable: 'No se pudo establecer la conexión con el proveedor de SMS: revise la URL.'
} as const;

/** 'Probar conexión' per organisation: one at a time, and the LDAP probe's budget per window (counted apart). */
export const CHANNEL_PROBE_TEXT: ProbeTexts = {
  busy: 'Ya hay una prueba de conexión de notificaciones en curso para esta entidad. Espere a que termine e inténtelo de nuevo.',
  tooMany: (wait: string) => `Se han hecho demasiadas pruebas de conexión de notificaciones para esta entidad. Inténtelo de nuevo en ${wait}.`
};

/** A whole 'Probar conexión' at most this long (ms). */
export const CHANNEL_PROBE_DEADLINE_MS = 15_000;
/** Each step of a probe's connection (the whole probe: CHANNEL_PROBE_DEADLINE_MS). */
const SMTP_PROBE_TIMEOUT_MS = 10_000;

/* ───────────── hosts ───────────── */


/** The host of the SMS provider's URL, as the address rules compare it. */
export function smsUrlHost(url: string): string {
  return normaliseHost(new URL(url).hostname);
}

/** A host checked against the rules: where connections go. */
export interface CheckedHost {
  /** As typed, normalised: the TLS server name when it is a name. */
  host: string;
  /** What it resolved to, allowed: every connection goes here. */
  address: string;
}

/** The host resolved and allowed, or the Spanish 400 `refusal` (said of its field). */
export async function checkedHost(host: string, rules: AddressRules, refusal: string, lookup?: Lookup): Promise<CheckedHost> {
  try {
    return await resolveChannelHost(host, rules, lookup);
  } catch (error) {
    if (error instanceof EndpointRefused) throw new HttpError(400, refusal);
    throw error;
  }
}

/** Both hosts of the typed settings checked (each only when given): the SMTP server's and the SMS provider's. */
export async function checkedHosts(settings: Pick<NotifyChannelsBody, 'smtpHost' | 'smsUrl'>, rules: AddressRules): Promise<{ smtp: CheckedHost | null; sms: CheckedHost | null }> {
  const smtp = settings.smtpHost === '' ? null : await checkedHost(normaliseHost(settings.smtpHost), rules, CHANNEL_TEXT.smtpHostRefused);
  const sms = settings.smsUrl === '' ? null : await checkedHost(smsUrlHost(settings.smsUrl), rules, CHANNEL_TEXT.smsUrlRefused);
  return { smtp, sms };
}

/* ───────────── what is stored and answered ───────────── */

async function rowOf(db: Db, idOrg: number, forUpdate = false): Promise<ChannelRow | undefined> {
  const query = db.select().from(notificationChannels).where(eq(notificationChannels.organizationId, idOrg)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

function toView(idOrg: number, row: ChannelRow | undefined, outboxFolder: string): NotifyChannelsView {
  const settings = row ?? { ...NOTIFY_DEFAULTS, smtpPasswordEnc: null, smsTokenEnc: null };
  return {
    idOrg,
    configured: row !== undefined,
    smtpHost: settings.smtpHost,
    smtpPort: settings.smtpPort,
    smtpSecurity: settings.smtpSecurity as SmtpSecurity,
    smtpUser: settings.smtpUser,
    hasSmtpPassword: settings.smtpPasswordEnc !== null,
    fromAddress: settings.fromAddress,
    smsUrl: settings.smsUrl,
    smsUser: settings.smsUser,
    hasSmsToken: settings.smsTokenEnc !== null,
    smsMaxParts: settings.smsMaxParts,
    capCount: settings.capCount,
    capWindowMinutes: settings.capWindowMinutes,
    outboxFolder: settings.smtpHost === '' ? outboxFolder : null
  };
}

/** The organisation's channels as every client may see them (defaults, configured=false, before the first save). */
export async function readChannels(db: Db, idOrg: number, outboxFolder: string): Promise<NotifyChannelsView> {
  return toView(idOrg, await rowOf(db, idOrg), outboxFolder);
}

/** The organisation's SMS part limit (NOTIFY_DEFAULTS before its channels are saved). */
export async function smsMaxParts(db: Db, idOrg: number): Promise<number> {
  const [row] = await db.select({ smsMaxParts: notificationChannels.smsMaxParts }).from(notificationChannels).where(eq(notificationChannels.organizationId, idOrg)).limit(1);
  return row?.smsMaxParts ?? NOTIFY_DEFAULTS.smsMaxParts;
}

/** The address the organisation's notifications are sent from (its own, else the platform's), lower case. */
export async function fromAddressOf(db: Db, idOrg: number): Promise<string> {
  const [row] = await db.select({ fromAddress: notificationChannels.fromAddress }).from(notificationChannels).where(eq(notificationChannels.organizationId, idOrg)).limit(1);
  return (row?.fromAddress || PLATFORM_FROM_ADDRESS).toLowerCase();
}

/**
 * The stored SMTP password (sealed) that settings with no password typed go on using: only while the
 * server and the user are those it was stored for — an edited server never receives the stored
 * secret (an administrator who points the channel elsewhere types the password again). None to use
 * is a Spanish 400: a user needs a password.
 */
function keptSmtpPassword(settings: NotifyChannelsBody, stored: ChannelRow | undefined): string {
  if (stored?.smtpPasswordEnc && normaliseHost(stored.smtpHost) === normaliseHost(settings.smtpHost) && stored.smtpUser === settings.smtpUser) return stored.smtpPasswordEnc;
  throw new HttpError(400, stored?.smtpPasswordEnc ? CHANNEL_TEXT.smtpPasswordAgain : CHANNEL_TEXT.smtpPasswordRequired);
}

/** The stored SMS token (sealed) by the same rule: only while the provider's origin and user are unchanged; else none (a token is optional). */
function keptSmsToken(settings: NotifyChannelsBody, stored: ChannelRow | undefined): string | null {
  if (stored?.smsTokenEnc && stored.smsUrl !== '' && new URL(stored.smsUrl).origin === new URL(settings.smsUrl).origin && stored.smsUser === settings.smsUser) {
    return stored.smsTokenEnc;
  }
  return null;
}

/**
 * Creates or replaces the organisation's channels. The hosts must already be checked
 * (checkedHosts). `key` is asked only when a secret is sealed (a refused save writes nothing, not
 * even the key: secrets.ts creates it on first use). A From address that is one of the
 * organisation's notification e-mails is refused (it would write to itself).
 */
export async function saveChannels(db: Db, idOrg: number, settings: NotifyChannelsBody, key: () => Promise<Buffer>, now: Date, outboxFolder: string): Promise<NotifyChannelsView> {
  const fromAddress = settings.fromAddress.toLowerCase();
  // What can refuse the save is checked before the key is asked (secrets.ts creates it on first use:
  // a refused save writes nothing), and the key before the transaction (on PGlite, one connection, a
  // read of it inside would wait for the transaction itself).
  if (settings.smtpUser !== '' && settings.smtpPassword === undefined) keptSmtpPassword(settings, await rowOf(db, idOrg));
  if (fromAddress !== '') {
    const [listed] = await db
      .select({ idEmail: notificationEmails.idEmail })
      .from(notificationEmails)
      .where(and(eq(notificationEmails.organizationId, idOrg), eq(notificationEmails.email, fromAddress)))
      .limit(1);
    if (listed) throw new HttpError(400, CHANNEL_TEXT.fromIsRecipient);
  }
  const sealWith = (settings.smtpUser !== '' && settings.smtpPassword !== undefined) || (settings.smsUrl !== '' && settings.smsToken !== undefined) ? await key() : null;
  const sealed = (secret: string): string => {
    if (!sealWith) throw new Error('saveChannels: no key to seal with');
    return seal(sealWith, secret);
  };
  return db.transaction(async (tx) => {
    const stored = await rowOf(tx, idOrg, true);
    // No user: no password (clearing the user forgets it); a typed one replaces it; else the kept one.
    const smtpPasswordEnc =
      settings.smtpUser === '' ? null
      : settings.smtpPassword !== undefined ? sealed(settings.smtpPassword)
      : keptSmtpPassword(settings, stored);
    const smsTokenEnc =
      settings.smsUrl === '' ? null
      : settings.smsToken !== undefined ? sealed(settings.smsToken)
      : keptSmsToken(settings, stored);
    const { smtpPassword: _password, smsToken: _token, ...fields } = settings;
    const values = { ...fields, smtpHost: settings.smtpHost.trim(), fromAddress, smtpPasswordEnc, smsTokenEnc, updatedAt: now };
    const [row] = await tx
      .insert(notificationChannels)
      .values({ organizationId: idOrg, ...values })
      .onConflictDoUpdate({ target: notificationChannels.organizationId, set: values })
      .returning();
    return toView(idOrg, row, outboxFolder);
  });
}

/* ───────────── the channels as used to connect ───────────── */


/** What calling the organisation's SMS provider takes (the token in clear). */
export interface SmsSettings {
  url: string;
  user: string;
  token: string | null;
}

/** The SMTP settings a probe tries: the typed ones, with the stored password where none is typed (by the rules of a save). */
export async function typedSmtp(db: Db, idOrg: number, settings: NotifyChannelsBody, key: () => Promise<Buffer>): Promise<SmtpSettings> {
  let password: string | null = null;
  if (settings.smtpUser !== '') password = settings.smtpPassword ?? unseal(await key(), keptSmtpPassword(settings, await rowOf(db, idOrg)));
  return { host: settings.smtpHost.trim(), port: settings.smtpPort, security: settings.smtpSecurity, user: settings.smtpUser, password };
}

/** The SMS settings a probe tries: the typed ones, with the stored token where none is typed (by the rules of a save). */
export async function typedSms(db: Db, idOrg: number, settings: NotifyChannelsBody, key: () => Promise<Buffer>): Promise<SmsSettings> {
  let token: string | null = settings.smsToken ?? null;
  if (token === null) {
    const kept = keptSmsToken(settings, await rowOf(db, idOrg));
    if (kept !== null) token = unseal(await key(), kept);
  }
  return { url: settings.smsUrl, user: settings.smsUser, token };
}


/**
 * The Authorization header of a call to the SMS provider, as a send carries it (the worker's SMS
 * channel, notify-delivery): Basic user:token when a user is set, none otherwise.
 */
export function smsAuthorization(settings: Pick<SmsSettings, 'user' | 'token'>): string | null {
  return settings.user === '' ? null : `Basic ${Buffer.from(`${settings.user}:${settings.token ?? ''}`).toString('base64')}`;
}

export interface ProbeOutcome {
  ok: boolean;
  detail: string;
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Spanish for a verify() that failed: the server's own answer when it gave one, one text for any connection that failed. */
function smtpFailure(error: SmtpFailure): string {
  if (error.code === 'EAUTH') return CHANNEL_TEXT.smtpLoginRefused;
  if (error.code === 'ENOAUTH') return CHANNEL_TEXT.smtpLoginNeeded;
  // The server answered the STARTTLS command with a refusal (a failed handshake has no reply code: one text below).
  if (error.code === 'ETLS' && error.responseCode !== undefined) return CHANNEL_TEXT.smtpNoStartTls;
  if (error.responseCode !== undefined && error.response) return CHANNEL_TEXT.smtpRefused(error.response.replace(/\p{Cc}/gu, ' ').slice(0, 300));
  return CHANNEL_TEXT.smtpUnreachable;
}

/**
 * 'Probar conexión' of the SMTP server: connects to the checked address, greets, upgrades to TLS as
 * the settings say and logs in with the user (nodemailer's verify()); nothing is sent.
 */
export async function probeSmtp(settings: SmtpSettings, endpoint: CheckedHost, log: (error: unknown) => void): Promise<ProbeOutcome> {
  const transport = createTransport(smtpConnectionOptions(settings, endpoint, SMTP_PROBE_TIMEOUT_MS));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('probe deadline'), { code: 'ETIMEDOUT' })), CHANNEL_PROBE_DEADLINE_MS);
  });
  try {
    await Promise.race([transport.verify(), deadline]);
    return { ok: true, detail: settings.user !== '' ? CHANNEL_TEXT.smtpOkWithLogin : CHANNEL_TEXT.smtpOk };
  } catch (error) {
    log(error);
    return { ok: false, detail: smtpFailure(error as SmtpFailure) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/**
 * 'Probar conexión' of the SMS provider: a HEAD request to its URL (nothing is sent), to the checked
 * address with the name as the Host and TLS server name, with the credentials as a send carries them.
 * Any answer means the provider is there; 401/403 that it refused the credentials.
 */
export function probeSms(settings: SmsSettings, endpoint: CheckedHost, log: (error: unknown) => void): Promise<ProbeOutcome> {
  const url = new URL(settings.url);
  const authorization = smsAuthorization(settings);
  const secure = url.protocol === 'https:';
  const options = {
    host: endpoint.address,
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'HEAD',
    headers: { host: url.host, 'user-agent': 'Atiende/1.0 (prueba de conexión)', ...(authorization ? { authorization } : {}) },
    timeout: SMTP_PROBE_TIMEOUT_MS,
    ...(secure && isIP(endpoint.host) === 0 ? { servername: endpoint.host } : {})
  };
  return new Promise<ProbeOutcome>((resolve) => {
    const answered = (res: IncomingMessage) => {
      res.resume();
      const status = res.statusCode ?? 0;
      if (status === 401 || status === 403) resolve({ ok: false, detail: CHANNEL_TEXT.smsCredentialsRefused(status) });
      else if (status === 404 || status === 410) resolve({ ok: false, detail: CHANNEL_TEXT.smsNotFound(status) });
      else if (status >= 500) resolve({ ok: false, detail: CHANNEL_TEXT.smsFailed(status) });
      else resolve({ ok: true, detail: CHANNEL_TEXT.smsAnswered(status) });
    };
    const req = secure ? httpsRequest(options, answered) : httpRequest(options, answered);
    const deadline = setTimeout(() => req.destroy(new Error('probe deadline')), CHANNEL_PROBE_DEADLINE_MS);
    req.on('timeout', () => req.destroy(new Error('connection timeout')));
    req.on('error', (error) => {
      log(error);
      resolve({ ok: false, detail: CHANNEL_TEXT.smsUnreachable });
    });
    req.on('close', () => clearTimeout(deadline));
    req.end();
  });
}
