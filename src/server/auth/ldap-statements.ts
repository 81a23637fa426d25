import { z } from 'zod';
import { normaliseDn } from '../../shared/domain/ldap';
import type { RunStatement, Statement } from '../db/statements';
import type { StoredDirectory } from '../ldap/settings';
import { toAccount, type Account } from './accounts';

/**
 * The LDAP sign-in's two statements on every sign-in, kept prepared (db/statements.ts): the
 * account's lookup, which also confirms the directory's settings the sign-in used are still the
 * saved ones, and the sign-in's writes. Whatever else a sign-in may do (the first one's account,
 * a changed role or name, an automatic unlock) goes through the query builder in ldap-login.ts.
 */

/** A directory entry's local account, as the directory last described it. */
export interface Linked {
  account: Account;
  name: string;
  dn: string;
}

export interface LinkedLookup {
  /** Whether the directory is still enabled, in an active organisation, with the settings `version` names. */
  current: boolean;
  linked: Linked | undefined;
}

/**
 * $1 organisation, $2 the entry's normalised DN, $3 the settings' version (settings.ts): one row
 * while the organisation has a directory, the account's columns null when no account is that entry.
 */
const LINKED_ACCOUNT: Statement = {
  name: 'atiende_ldap_linked_account',
  types: ['integer', 'text', 'text'],
  text: `select (d.xmin::text = $3 and d.enabled and o.is_active and o.deleted_at is null) as "current",
      u.id_user as "idUser", u.email, u.role, u.password_hash as "passwordHash", u.is_active as "isActive",
      u.is_locked as "isLocked", u.organization_id as "organizationId", uo.name as "organizationName",
      uo.is_active as "organizationActive", u.locked_at as "lockedAt", uo.auto_unlock_minutes as "autoUnlockMinutes",
      u.name, a.dn as "linkedDn"
    from ldap_directories d
    join organizations o on o.id_org = d.organization_id
    left join (ldap_accounts a
      join users u on u.id_user = a.user_id
      join organizations uo on uo.id_org = u.organization_id)
    on a.organization_id = d.organization_id and a.dn_key = $2
    where d.organization_id = $1`
};

const timestamp = z.union([z.date(), z.string().transform((v) => new Date(v))]);

/** LINKED_ACCOUNT's row as both drivers give it. */
const LinkedRow = z.union([
  z.object({
    current: z.boolean(),
    idUser: z.number().int(),
    email: z.string(),
    role: z.number().int(),
    passwordHash: z.string(),
    isActive: z.boolean(),
    isLocked: z.boolean(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    organizationActive: z.boolean(),
    lockedAt: timestamp.nullable(),
    autoUnlockMinutes: z.number().int().nullable(),
    name: z.string(),
    linkedDn: z.string()
  }),
  z.object({ current: z.boolean(), idUser: z.null() })
]);

/** The account the entry `dn` signed in as before (none for ''), and whether `directory` is still the saved one. */
export async function findLinkedAccount(run: RunStatement, directory: StoredDirectory, dn: string): Promise<LinkedLookup> {
  const [row] = await run(LINKED_ACCOUNT, [directory.organizationId, normaliseDn(dn), directory.version]);
  if (!row) return { current: false, linked: undefined };
  const parsed = LinkedRow.parse(row);
  if (parsed.idUser === null) return { current: parsed.current, linked: undefined };
  const { current: _current, linkedDn, name, ...account } = parsed;
  return { current: parsed.current, linked: { account: toAccount(account), name, dn: linkedDn } };
}

/**
 * $1 user, $2 time, $3 organisation, $4 address, $5 refresh token's hash, $6 its family (the
 * session), $7 its expiry: the account's last sign-in, the access log's entry and the session.
 */
const RECORD_SIGN_IN: Statement = {
  name: 'atiende_ldap_sign_in',
  types: ['integer', 'timestamptz', 'integer', 'text', 'text', 'text', 'timestamptz'],
  text: `with touched as (
      update ldap_accounts set last_sign_in_at = $2 where user_id = $1 returning user_id
    ),
    logged as (
      insert into user_access_log (organization_id, user_id, event, at, ip) values ($3, $1, 'signIn', $2, $4) returning id
    )
    insert into refresh_tokens (token_hash, family_id, user_id, expires_at) values ($5, $6, $1, $7)`
};

export interface SignInRecord {
  account: Account;
  at: Date;
  ip: string;
  session: { tokenHash: string; familyId: string; expiresAt: Date };
}

/** Writes a sign-in: one statement. */
export async function recordSignIn(run: RunStatement, { account, at, ip, session }: SignInRecord): Promise<void> {
  await run(RECORD_SIGN_IN, [account.idUser, at.toISOString(), account.organizationId, ip, session.tokenHash, session.familyId, session.expiresAt.toISOString()]);
}
