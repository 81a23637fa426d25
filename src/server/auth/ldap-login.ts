import { and, eq } from 'drizzle-orm';
import { Email, type LoginResult } from '../../shared/domain/session';
import { LDAP_TEXT, normaliseDn, roleForGroups, type LdapLoginBody } from '../../shared/domain/ldap';
import { MSG } from '../../shared/messages';
import type { RoleId } from '../../shared/roles';
import { ldapAccounts, organizations, refreshTokens, userAccessLog, users } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { DirectoryError, type DirectoryConnections, type DirectoryPerson } from '../ldap/directory';
import { enabledDirectory, listEnabledDirectories, type StoredDirectory } from '../ldap/settings';
import type { PlatformServices } from '../services';
import { accessRow } from './access-log';
import { ACCOUNT_COLUMNS, canSignIn, findAccount, toAccount, type Account } from './accounts';
import { releaseExpiredLock } from './auto-unlock';
import type { AttemptOrigin } from './login';
import { DIRECTORY_ONLY_HASH } from './passwords';
import { endUserSessions } from './revocation';
import { signSession } from './session-tokens';


const NAME_MAX = 120;
const invalidCredentials = (): HttpError => new HttpError(401, MSG.session.invalidCredentials);
const locked = (): HttpError => new HttpError(403, MSG.session.userLocked);

/**
 * LDAP sign-in (POST /api/auth/auth_ldap): the organisation's enabled directory verifies the person
 * (src/server/ldap/directory.ts); the first group of the directory's mapping they are in gives their
 * role (3–6). Unknown person, wrong password, several entries or no mapped group: the same 401 as a
 * wrong password at the normal sign-in. The person's local account — created on the first sign-in
 * with the directory's name and e-mail, updated on each later one — answers 403 when it is locked
 * or inactive, as the normal sign-in does. The directory's failures answer 503 (unreachable) or 502
 * (it refused the service account or the search) and change nothing. The password is checked by
 * the directory only: failed directory passwords are the directory's to count and lock, not the
 * platform's. A sign-in is written to the staff access log as at the normal sign-in. The
 * per-address throttle runs before all of this (auth/throttle.ts).
 *
 * The directory is reached through the connections `directories` keeps open between sign-ins
 * (ldap/directory.ts). An unknown name costs what a known one with a wrong password does: the
 * directory's search and bind (directory.ts), and the account's lookup here. The sign-in's writes —
 * the access log's entry, the session, the account's last sign-in — are one statement.
 */
export async function signInWithDirectory(
  db: Db,
  services: PlatformServices,
  directories: DirectoryConnections,
  body: LdapLoginBody,
  origin: AttemptOrigin
): Promise<LoginResult> {
  const directory = await directoryFor(db, body.idOrg);
  let verdict;
  try {
    verdict = await directories.verifyPerson(directory.organizationId, directory.config, body.username, body.password);
  } catch (error) {
    if (error instanceof DirectoryError) throw new HttpError(error.kind === 'unreachable' ? 503 : 502, error.kind === 'unreachable' ? LDAP_TEXT.unreachable : LDAP_TEXT.refused);
    throw error;
  }
  if (!verdict.ok) {
    // A locked or inactive account answers 403 whatever the password, as at the normal sign-in.
    // No one found: the same lookup, for a DN no account has (the same time as a wrong password).
    const linked = await linkedAccount(db, directory.organizationId, verdict.reason === 'bad-password' ? verdict.dn : '', origin.at);
    if (linked && !canSignIn(linked.account)) throw locked();
    throw invalidCredentials();
  }
  const { person } = verdict;
  const linked = await linkedAccount(db, directory.organizationId, person.dn, origin.at);
  if (linked && !canSignIn(linked.account)) throw locked();
  const role = roleForGroups(person.groups, directory.roleMappings);
  if (role === null) throw invalidCredentials();

  const now = services.now();
  let account: Account | undefined;
  if (linked) {
    account = await updateAccount(db, linked, person, role, now);
    // A new role from the directory: the sessions holding the old one end (their tokens carry the role).
    if (account.role !== linked.account.role) await endUserSessions(db, services, account.idUser);
  } else {
    account = await findAccount(db, { idUser: await createAccount(db, directory, person, body.username, role, now) });
  }
  if (!account || !canSignIn(account)) throw locked();
  // One statement: the account's last sign-in, the access log's entry and the session.
  const { result, row } = await signSession(services.tokens, account);
  const touched = db
    .$with('touched')
    .as(db.update(ldapAccounts).set({ lastSignInAt: now }).where(eq(ldapAccounts.userId, account.idUser)).returning({ userId: ldapAccounts.userId }));
  const logged = db
    .$with('logged')
    .as(
      db
        .insert(userAccessLog)
        .values(accessRow({ userId: account.idUser, organizationId: account.organizationId, event: 'signIn', at: now, ip: origin.ip }))
        .returning({ id: userAccessLog.id })
    );
  await db.with(touched, logged).insert(refreshTokens).values(row);
  return result;
}

/** The organisation named, or the only one with LDAP sign-in when none is named; 400 when that does not lead to an enabled directory. */
async function directoryFor(db: Db, idOrg: number | undefined): Promise<StoredDirectory> {
  let id = idOrg;
  if (id === undefined) {
    const { directories } = await listEnabledDirectories(db);
    if (directories.length !== 1) throw new HttpError(400, directories.length === 0 ? LDAP_TEXT.notEnabled : LDAP_TEXT.organisationRequired);
    id = directories[0]?.idOrg;
  }
  const directory = id === undefined ? null : await enabledDirectory(db, id);
  if (!directory) throw new HttpError(400, LDAP_TEXT.notEnabled);
  return directory;
}

/** A directory entry's local account, as the directory last described it. */
interface Linked {
  account: Account;
  name: string;
  dn: string;
}

/**
 * The local account a directory entry signed in as before, by its DN within the organisation (one
 * query), with the organisation's automatic unlock applied as at the normal sign-in
 * (auth/auto-unlock.ts).
 */
async function linkedAccount(db: Db, organizationId: number, dn: string, now: Date): Promise<Linked | undefined> {
  const [row] = await db
    .select({ ...ACCOUNT_COLUMNS, linkedDn: ldapAccounts.dn, name: users.name })
    .from(ldapAccounts)
    .innerJoin(users, eq(users.idUser, ldapAccounts.userId))
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where(and(eq(ldapAccounts.organizationId, organizationId), eq(ldapAccounts.dnKey, normaliseDn(dn))))
    .limit(1);
  if (!row) return undefined;
  const { linkedDn, name, ...stored } = toAccount(row);
  return { account: await releaseExpiredLock(db, stored, now), name, dn: linkedDn };
}

/** The e-mail the account gets: the entry's, else the login name when it is one; 422 otherwise. */
function emailOf(person: DirectoryPerson, username: string): string {
  for (const candidate of [person.email, username]) {
    const parsed = Email.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  throw new HttpError(422, LDAP_TEXT.noEmail);
}

function nameOf(person: DirectoryPerson, fallback: string): string {
  return (person.name ?? fallback).replace(/\s+/g, ' ').trim().slice(0, NAME_MAX) || fallback.slice(0, NAME_MAX);
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: unknown }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * The first sign-in: the account, in the directory's organisation, with the mapped role and a
 * password hash nothing verifies. An e-mail another account holds answers 409 and creates nothing.
 */
async function createAccount(db: Db, directory: StoredDirectory, person: DirectoryPerson, username: string, role: RoleId, now: Date): Promise<number> {
  const email = emailOf(person, username);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ idUser: users.idUser }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw new HttpError(409, LDAP_TEXT.emailTaken);
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
    if (isUniqueViolation(error)) throw new HttpError(409, LDAP_TEXT.emailTaken);
    throw error;
  }
}

/**
 * A later sign-in: the role, the name and the e-mail follow the directory — the user's row written
 * only when one of them changed (the last sign-in is the caller's to write); the e-mail another
 * account holds answers 409.
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
    if (isUniqueViolation(error)) throw new HttpError(409, LDAP_TEXT.emailTaken);
    throw error;
  }
  return { ...account, role, email };
}
