import { eq } from 'drizzle-orm';
import { Email, type LoginResult } from '../../shared/domain/session';
import { LDAP_TEXT, normaliseDn, roleForGroups, type LdapLoginBody } from '../../shared/domain/ldap';
import { MSG } from '../../shared/messages';
import type { RoleId } from '../../shared/roles';
import { ldapAccounts, users } from '../db/schema';
import type { RunStatement } from '../db/statements';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { DirectoryError, type DirectoryConfig, type DirectoryConnections, type DirectoryPerson, type Verdict } from '../ldap/directory';
import { cachedDirectory, cachedDirectoryOrganisations, enabledDirectory, type StoredDirectory } from '../ldap/settings';
import type { PlatformServices } from '../services';
import { canSignIn, findAccount, type Account } from './accounts';
import { releaseExpiredLock } from './auto-unlock';
import { findLinkedAccount, recordSignIn, type Linked, type LinkedLookup } from './ldap-statements';
import type { AttemptOrigin } from './login';
import { DIRECTORY_ONLY_HASH } from './passwords';
import { endUserSessions } from './revocation';
import { both, startSession } from './session-tokens';


const NAME_MAX = 120;
const invalidCredentials = (): HttpError => new HttpError(401, MSG.session.invalidCredentials);
const locked = (): HttpError => new HttpError(403, MSG.session.userLocked);
/** No directory to sign in with: 400 when the organisation went unnamed; when it was typed, the invalid-credentials 401 (organisationOf). */
const notEnabled = (body: LdapLoginBody): HttpError => (body.organization === undefined ? new HttpError(400, LDAP_TEXT.notEnabled) : invalidCredentials());
/** Every reason an account cannot be made or kept from a vouched-for entry: one answer (LDAP_TEXT.accountUnavailable). */
const accountUnavailable = (): HttpError => new HttpError(409, LDAP_TEXT.accountUnavailable);
/** The directory could not be used: 503 unreachable, 502 it refused (the service account, the search base…); the cause is kept for the log. */
function directoryFailure(error: DirectoryError): HttpError {
  const failure = error.kind === 'unreachable' ? new HttpError(503, LDAP_TEXT.unreachable) : new HttpError(502, LDAP_TEXT.refused);
  failure.cause = error;
  return failure;
}

/**
 * LDAP sign-in (POST /api/auth/auth_ldap): the organisation's enabled directory verifies the person
 * (src/server/ldap/directory.ts); the first group of the directory's mapping they are in gives their
 * role (3–6). Unknown person, wrong password, several entries or no mapped group: the same 401 as a
 * wrong password at the normal sign-in. The person's local account — created on the first sign-in
 * with the directory's name and e-mail, updated on each later one — answers 403 when it is locked
 * or inactive, as the normal sign-in does. An entry without a usable e-mail, or whose e-mail is
 * another account's (in this organisation or any other), answers one 409 whatever the reason, so
 * an administrator who controls a directory cannot learn through it which e-mails exist elsewhere.
 * The directory's failures answer 503 (unreachable) or 502 (it refused the service account or the
 * search) and change nothing. The password is checked by
 * the directory only: failed directory passwords are the directory's to count and lock, not the
 * platform's. A sign-in is written to the staff access log as at the normal sign-in. The
 * per-address throttle runs before all of this (auth/throttle.ts).
 *
 * What a sign-in costs beyond the directory's own work: the directory is reached through the
 * connections `directories` keeps open between sign-ins (ldap/directory.ts), with the settings read
 * in the last few seconds (ldap/settings.ts: cachedDirectory); the account's lookup starts as soon
 * as the directory's search has found the entry, beside the directory's bind, and confirms in the
 * same statement that those settings are still the saved ones (when not, they are read again, and
 * the directory asked again if they ask it differently); the sign-in's writes — the access log's
 * entry, the session, the account's last sign-in — are one statement (auth/ldap-statements.ts),
 * written while the tokens are signed. An unknown name costs what a known one with a wrong
 * password does: the directory's search and bind (directory.ts), and the account's lookup here.
 */
export async function signInWithDirectory(
  db: Db,
  services: PlatformServices,
  directories: DirectoryConnections,
  body: LdapLoginBody,
  origin: AttemptOrigin
): Promise<LoginResult> {
  const idOrg = await organisationOf(db, body.organization);
  const kept = await cachedDirectory(db, idOrg);
  if (!kept) throw notEnabled(body);
  let found: Verified;
  try {
    found = await verifyAndLookUp(services.statement, directories, kept, body);
  } catch (error) {
    if (!(error instanceof DirectoryError)) throw error;
    // Settings saved meanwhile (elsewhere: another address, a corrected password) may not fail: try those.
    const saved = await enabledDirectory(db, idOrg);
    if (saved?.version === kept.version) throw directoryFailure(error);
    return signInAs(db, services, directories, saved, body, origin);
  }
  if (found.current) return conclude(db, services, kept, found, body.username, origin);
  // The settings changed since they were kept. The directory's answer stands when it would be asked
  // the same way (say, only the role mapping changed); else it is asked again, as they now are.
  const saved = await enabledDirectory(db, idOrg);
  if (saved && sameQuestion(saved.config, kept.config)) return conclude(db, services, saved, found, body.username, origin);
  return signInAs(db, services, directories, saved, body, origin);
}

/** The sign-in on settings just read (no newer ones to look for). */
async function signInAs(
  db: Db,
  services: PlatformServices,
  directories: DirectoryConnections,
  directory: StoredDirectory | null,
  body: LdapLoginBody,
  origin: AttemptOrigin
): Promise<LoginResult> {
  if (!directory) throw notEnabled(body);
  let found: Verified;
  try {
    found = await verifyAndLookUp(services.statement, directories, directory, body);
  } catch (error) {
    throw error instanceof DirectoryError ? directoryFailure(error) : error;
  }
  return conclude(db, services, directory, found, body.username, origin);
}

/** Whether two settings ask the directory the same (only what roles the groups give may differ). */
function sameQuestion(a: DirectoryConfig, b: DirectoryConfig): boolean {
  return (Object.keys(a) as (keyof DirectoryConfig)[]).every((key) => a[key] === b[key]);
}

/** What the directory said of the person, and their account (as the lookup found it). */
interface Verified extends LinkedLookup {
  verdict: Verdict;
}

/**
 * The directory's verdict and the account's lookup, run side by side: the lookup starts when the
 * directory's search has found the entry (or no one: then for a DN no account has, the same time
 * as a wrong password), while the directory checks the password and reads the groups.
 */
async function verifyAndLookUp(run: RunStatement, directories: DirectoryConnections, directory: StoredDirectory, body: LdapLoginBody): Promise<Verified> {
  let lookup: Promise<LinkedLookup> | undefined;
  const onFound = (dn: string | null): void => {
    lookup = findLinkedAccount(run, directory, dn ?? '');
    // Awaited below unless the directory fails first: then its outcome no longer matters.
    lookup.catch(() => undefined);
  };
  const verdict = await directories.verifyPerson(directory.organizationId, directory.config, body.username, body.password, onFound);
  const found = await (lookup ?? findLinkedAccount(run, directory, verdict.ok ? verdict.person.dn : verdict.reason === 'bad-password' ? verdict.dn : ''));
  return { verdict, ...found };
}

/** The sign-in's outcome once the directory has answered and the account was looked up. */
async function conclude(db: Db, services: PlatformServices, directory: StoredDirectory, found: Verified, username: string, origin: AttemptOrigin): Promise<LoginResult> {
  const { verdict } = found;
  // The organisation's automatic unlock, as at the normal sign-in (auth/auto-unlock.ts).
  const linked = found.linked && { ...found.linked, account: await releaseExpiredLock(db, found.linked.account, origin.at) };
  // A locked or inactive account answers 403 whatever the password, as at the normal sign-in.
  if (linked && !canSignIn(linked.account)) throw locked();
  if (!verdict.ok) throw invalidCredentials();
  const { person } = verdict;
  const role = roleForGroups(person.groups, directory.roleMappings);
  if (role === null) throw invalidCredentials();

  const now = services.now();
  let account: Account | undefined;
  if (linked) {
    account = await updateAccount(db, linked, person, role, now);
    // A new role from the directory: the sessions holding the old one end (their tokens carry the role).
    if (account.role !== linked.account.role) await endUserSessions(db, services, account.idUser);
  } else {
    account = await findAccount(db, { idUser: await createAccount(db, directory, person, username, role, now) });
  }
  if (!account || !canSignIn(account)) throw locked();
  const { row, signed } = startSession(services.tokens, account);
  const [result] = await both(signed, recordSignIn(services.statement, { account, at: now, ip: origin.ip, session: row }));
  return result;
}

/**
 * The organisation whose directory applies: among those with LDAP sign-in enabled, the one whose
 * name the person typed (case, accents and spaces aside), else the only one. A typed name that
 * matches none of them (or several) answers the invalid-credentials 401, as a wrong password does:
 * the sign-in does not tell which organisations exist or have a directory. No name while several
 * are enabled, or none is: 400 (the login page knows as much: ldapSignInOffer).
 */
async function organisationOf(db: Db, typed: string | undefined): Promise<number> {
  const kept = pickOrganisation(await cachedDirectoryOrganisations(db), typed);
  if (typeof kept === 'number') return kept;
  // Refused on the list read lately: asked again before refusing (another instance may have just enabled it).
  const now = pickOrganisation(await cachedDirectoryOrganisations(db, { fresh: true }), typed);
  if (typeof now === 'number') return now;
  throw now;
}

function pickOrganisation(enabled: readonly { idOrg: number; name: string }[], typed: string | undefined): number | HttpError {
  if (typed === undefined) {
    const only = enabled.length === 1 ? enabled[0] : undefined;
    return only ? only.idOrg : new HttpError(400, enabled.length === 0 ? LDAP_TEXT.notEnabled : LDAP_TEXT.organisationRequired);
  }
  const key = nameKey(typed);
  const [match, ...others] = enabled.filter((organisation) => nameKey(organisation.name) === key);
  return match && others.length === 0 ? match.idOrg : invalidCredentials();
}

/** A name as people type it: without accents, case or repeated spaces. */
function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The e-mail the account gets: the entry's, else the login name when it is one; the account cannot be made otherwise. */
function emailOf(person: DirectoryPerson, username: string): string {
  for (const candidate of [person.email, username]) {
    const parsed = Email.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  throw accountUnavailable();
}

function nameOf(person: DirectoryPerson, fallback: string): string {
  return (person.name ?? fallback).replace(/\s+/g, ' ').trim().slice(0, NAME_MAX) || fallback.slice(0, NAME_MAX);
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: unknown }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * The first sign-in: the account, in the directory's organisation, with the mapped role and a
 * password hash nothing verifies. An e-mail another account holds creates nothing (accountUnavailable).
 */
async function createAccount(db: Db, directory: StoredDirectory, person: DirectoryPerson, username: string, role: RoleId, now: Date): Promise<number> {
  const email = emailOf(person, username);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ idUser: users.idUser }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw accountUnavailable();
      const [created] = await tx
        .insert(users)
        .values({
          organizationId: directory.organizationId,
          email,
          name: nameOf(person, email),
          role,
          passwordHash: DIRECTORY_ONLY_HASH,
          mustChangePassword: false,
          passwordChangedAt: now,
          dateCreate: now,
          dateUpdate: now
        })
        .returning({ idUser: users.idUser });
      if (!created) throw new Error('LDAP sign-in: the user was not created');
      await tx.insert(ldapAccounts).values({ userId: created.idUser, organizationId: directory.organizationId, dn: person.dn, dnKey: normaliseDn(person.dn), lastSignInAt: now });
      return created.idUser;
    });
  } catch (error) {
    // Two first sign-ins at once, or the e-mail taken meanwhile: the other one won.
    if (isUniqueViolation(error)) throw accountUnavailable();
    throw error;
  }
}

/**
 * A later sign-in: the role, the name and the e-mail follow the directory — the user's row written
 * only when one of them changed (the last sign-in is the caller's to write); the e-mail another
 * account holds changes nothing (accountUnavailable).
 */
async function updateAccount(db: Db, linked: Linked, person: DirectoryPerson, role: RoleId, now: Date): Promise<Account> {
  const { account } = linked;
  const email = emailOf(person, account.email);
  const name = nameOf(person, account.email);
  if (role === account.role && email === account.email && name === linked.name && person.dn === linked.dn) return account;
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role, name, email, dateUpdate: now }).where(eq(users.idUser, account.idUser));
      await tx.update(ldapAccounts).set({ dn: person.dn, lastSignInAt: now }).where(eq(ldapAccounts.userId, account.idUser));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountUnavailable();
    throw error;
  }
  return { ...account, role, email };
}
