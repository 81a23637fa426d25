import { z } from 'zod';
import { ROLE_LABELS, type RoleId } from '../roles';
import { hasNoControl, intBetween, serverReachedUrls } from './fields';

/**
 * An organisation's LDAP directory (issue 19; SPEC §6 'loginbepro', §7 auth_ldap): where its people
 * sign in with their directory account instead of a platform password. The server binds with a
 * service account, finds the person with the user filter, binds as them with the password they
 * typed, reads their groups and gives the role of the first mapped group they are in.
 */

/** Where the typed login name goes in the user filter; the value is escaped (RFC 4515) before it is put there. */
export const USERNAME_PLACEHOLDER = '{{username}}';

/** The roles a directory group may give: the organisation-level ones. 1 and 2 are never given by a directory. */
export const LDAP_ROLES: readonly RoleId[] = [3, 4, 5, 6];

export const LDAP_LIMITS = {
  url: 2048,
  dn: 1024,
  filter: 1024,
  password: 256,
  attribute: 64,
  mappings: 50,
  username: 256,
  organization: 120,
  timeoutMs: { min: 500, max: 60_000 }
} as const;

export const LDAP_TEXT = {
  urlScheme: 'La URL del directorio debe empezar por ldap:// o ldaps:// y nombrar solo el servidor y el puerto',
  filterPlaceholder: `El filtro de usuarios debe contener ${USERNAME_PLACEHOLDER} donde va el nombre de usuario`,
  filterShape: 'El filtro de usuarios debe ser un filtro LDAP entre paréntesis, con los paréntesis equilibrados',
  filterInvalid: 'El filtro de usuarios no es un filtro LDAP válido',
  dnShape: 'Debe ser un DN, por ejemplo dc=empresa,dc=co',
  attribute: 'Debe ser el nombre de un atributo LDAP (letras, números y guiones)',
  role: `Un grupo del directorio solo puede dar los roles ${LDAP_ROLES.map((r) => `${r} (${ROLE_LABELS[r]})`).join(', ')}`,
  duplicateGroup: 'Cada grupo del directorio puede aparecer una sola vez',
  mappingRequired: 'Asigne al menos un grupo del directorio a un rol para habilitar el inicio de sesión LDAP',
  bindPasswordRequired: 'Ingrese la contraseña de la cuenta de servicio',
  usernameRequired: 'Ingrese el usuario del directorio',
  passwordRequired: 'Ingrese la contraseña',
  organisationRequired: 'Escriba el nombre de su entidad',
  notEnabled: 'La autenticación LDAP no está habilitada para esta entidad',
  unreachable: 'No fue posible conectar con el directorio LDAP de la entidad. Inténtelo más tarde',
  refused: 'El directorio LDAP de la entidad rechazó la consulta. Comuníquese con un Administrador',
  /**
   * The directory vouched for the person but their account cannot be made or kept: the entry has no
   * usable e-mail, or its e-mail is another account's — of this organisation or of any other. One
   * text for all of them, so that it tells no one whether an e-mail is in use elsewhere.
   */
  accountUnavailable: 'Su cuenta del directorio no se puede usar para ingresar a la plataforma. Comuníquese con un Administrador',
  /** A URL whose host does not resolve, or resolves to an address the platform does not connect to: one text, so it tells nothing of the platform's network. */
  addressRefused:
    'La URL del directorio no se puede usar: su servidor debe tener una dirección pública en Internet, o estar entre los servidores LDAP que el operador de la plataforma permite',
  probeOk: 'El usuario se autenticó en el directorio',
  probeNoRole: 'El usuario se autenticó, pero no pertenece a ningún grupo con un rol asignado: no podrá iniciar sesión',
  probeNoUser: 'El filtro de usuarios no encontró a ese usuario en la base de búsqueda',
  probeManyUsers: 'El filtro de usuarios encontró más de una entrada para ese usuario',
  probeBadPassword: 'El directorio rechazó la contraseña de ese usuario',
  probeServiceBind: 'El directorio rechazó la cuenta de servicio (DN o contraseña)',
  probeUnreachable: 'No fue posible conectar con el directorio: revise la URL, el puerto y los tiempos de espera'
} as const;

/**
 * Every field of a directory's settings and of its sign-in reaches the directory's socket or its
 * filter as it is: a control character (a CR/LF above all) is refused in each, with its own message.
 */
const noControl = (label: string) => ({ message: `${label} contiene caracteres no permitidos: saltos de línea, tabulaciones u otros caracteres de control` });

function text(label: string, max: number) {
  return z
    .string({ message: `${label} es obligatorio` })
    .trim()
    .max(max, { message: `${label} no puede superar ${max} caracteres` })
    .refine(hasNoControl, noControl(label));
}

/** ldap://host[:port] or ldaps://host[:port]: no path, credentials, query or fragment. */
export function isLdapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'ldap:' || url.protocol === 'ldaps:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === '' || url.pathname === '/') &&
    url.search === '' &&
    url.hash === ''
  );
}

/** Roughly a DN: attribute=value pairs separated by commas (the directory judges the rest). */
function looksLikeDn(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9-]*(\.[0-9]+)*\s*=.+/.test(value);
}

/** Parentheses balanced (ignoring escaped ones: an escaped value uses \28 and \29) and the whole filter wrapped in one pair. */
export function balancedFilter(value: string): boolean {
  if (!value.startsWith('(') || !value.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0 || (depth === 0 && i !== value.length - 1)) return false;
    }
  }
  return depth === 0;
}

export const LdapUrl = text('La URL del directorio', LDAP_LIMITS.url)
  .min(1, { message: 'La URL del directorio es obligatoria' })
  .refine(isLdapUrl, { message: LDAP_TEXT.urlScheme });
serverReachedUrls.add(LdapUrl, { reachedBy: "the LDAP sign-in and 'Probar' (src/server/ldap/endpoint.ts)" });

const Dn = (label: string) => text(label, LDAP_LIMITS.dn).refine((v) => v === '' || looksLikeDn(v), { message: `${label}: ${LDAP_TEXT.dnShape}` });
const RequiredDn = (label: string, required: string) => Dn(label).refine((v) => v !== '', { message: required });

export const UserFilter = text('El filtro de usuarios', LDAP_LIMITS.filter)
  .min(1, { message: 'El filtro de usuarios es obligatorio' })
  .refine((v) => v.includes(USERNAME_PLACEHOLDER), { message: LDAP_TEXT.filterPlaceholder })
  .refine(balancedFilter, { message: LDAP_TEXT.filterShape });

const Attribute = (label: string) =>
  text(label, LDAP_LIMITS.attribute)
    .min(1, { message: `${label} es obligatorio` })
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, { message: `${label}: ${LDAP_TEXT.attribute}` });

const LdapRole = z
  .number({ message: 'El rol debe ser un número' })
  .int({ message: 'El rol debe ser un número entero' })
  .refine((n) => (LDAP_ROLES as readonly number[]).includes(n), { message: LDAP_TEXT.role });

export const RoleMapping = z.object({ groupDn: RequiredDn('El DN del grupo', 'El DN del grupo es obligatorio'), role: LdapRole });
export type RoleMapping = z.infer<typeof RoleMapping>;

/** What a directory's settings are until an administrator says otherwise. */
export const LDAP_DEFAULTS = {
  userFilter: `(uid=${USERNAME_PLACEHOLDER})`,
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  timeoutMs: 5000,
  connectTimeoutMs: 5000
} as const;

const Timeout = (label: string) => intBetween(label, LDAP_LIMITS.timeoutMs.min, LDAP_LIMITS.timeoutMs.max);

/** The fields of a directory as an administrator writes them (no password: see LdapSettingsBody). */
const settingsFields = {
  enabled: z.boolean({ message: 'Indique si el directorio está habilitado' }),
  url: LdapUrl,
  /** The service account the server searches with; empty for an anonymous search. */
  bindDn: Dn('El DN de la cuenta de servicio'),
  searchBase: RequiredDn('La base de búsqueda', 'La base de búsqueda es obligatoria'),
  userFilter: UserFilter,
  /** Where the groups are searched (member / uniqueMember of the person's DN); empty: the search base. */
  groupSearchBase: Dn('La base de búsqueda de grupos').default(''),
  emailAttribute: Attribute('El atributo de correo').default(LDAP_DEFAULTS.emailAttribute),
  nameAttribute: Attribute('El atributo de nombre').default(LDAP_DEFAULTS.nameAttribute),
  /** The first group in this list the person is in gives their role. */
  roleMappings: z
    .array(RoleMapping, { message: 'La asignación de grupos a roles debe ser una lista' })
    .max(LDAP_LIMITS.mappings, { message: `No se pueden asignar más de ${LDAP_LIMITS.mappings} grupos` })
    .refine((list) => new Set(list.map((m) => normaliseDn(m.groupDn))).size === list.length, { message: LDAP_TEXT.duplicateGroup }),
  /** Each directory operation's limit, and the connection's. */
  timeoutMs: Timeout('El tiempo de espera de las operaciones (ms)').default(LDAP_DEFAULTS.timeoutMs),
  connectTimeoutMs: Timeout('El tiempo de espera de la conexión (ms)').default(LDAP_DEFAULTS.connectTimeoutMs)
};

/**
 * What an administrator saves. `bindPassword` absent keeps the stored one (it is never sent back to
 * be re-sent); a value replaces it; an empty bindDn (anonymous search) forgets it. Saving it enabled
 * also needs a group mapped to a role and, with a bindDn, a password given or stored (checked by the
 * server against what is stored: ldapSettingsProblem).
 */
export const LdapSettingsBody = z.object({
  ...settingsFields,
  bindPassword: z
    .string()
    .min(1, { message: LDAP_TEXT.bindPasswordRequired })
    .max(LDAP_LIMITS.password, { message: `La contraseña de la cuenta de servicio no puede superar ${LDAP_LIMITS.password} caracteres` })
    .refine(hasNoControl, noControl('La contraseña de la cuenta de servicio'))
    .optional()
});
export type LdapSettingsBody = z.infer<typeof LdapSettingsBody>;

/** What an enabled directory still lacks (a Spanish message), or null: the rules that need what is stored. */
export function ldapSettingsProblem(settings: LdapSettingsBody, hasStoredPassword: boolean): string | null {
  if (!settings.enabled) return null;
  if (settings.roleMappings.length === 0) return LDAP_TEXT.mappingRequired;
  if (settings.bindDn !== '' && settings.bindPassword === undefined && !hasStoredPassword) return LDAP_TEXT.bindPasswordRequired;
  return null;
}

/** What every client sees of a directory: everything but the service account's password, of which only whether one is stored. */
export const LdapSettingsView = z.object({
  idOrg: z.number().int(),
  /** False until the organisation's directory is first saved (the other fields are then the defaults). */
  configured: z.boolean(),
  enabled: z.boolean(),
  url: z.string(),
  bindDn: z.string(),
  hasBindPassword: z.boolean(),
  searchBase: z.string(),
  userFilter: z.string(),
  groupSearchBase: z.string(),
  emailAttribute: z.string(),
  nameAttribute: z.string(),
  roleMappings: z.array(z.object({ groupDn: z.string(), role: z.number().int() })),
  timeoutMs: z.number().int(),
  connectTimeoutMs: z.number().int(),
  dateUpdate: z.string().nullable()
});
export type LdapSettingsView = z.infer<typeof LdapSettingsView>;


const Username = z
  .string({ message: LDAP_TEXT.usernameRequired })
  .trim()
  .min(1, { message: LDAP_TEXT.usernameRequired })
  .max(LDAP_LIMITS.username, { message: `El usuario no puede superar ${LDAP_LIMITS.username} caracteres` })
  .refine(hasNoControl, noControl('El usuario'));
/** Never empty: an LDAP simple bind with an empty password is an anonymous bind, which "succeeds". */
const DirectoryPassword = z
  .string({ message: LDAP_TEXT.passwordRequired })
  .min(1, { message: LDAP_TEXT.passwordRequired })
  .max(LDAP_LIMITS.password, { message: `La contraseña no puede superar ${LDAP_LIMITS.password} caracteres` })
  .refine(hasNoControl, noControl('La contraseña'));

/** The organisation's name as the person types it (compared without case, accents or extra spaces). */
const OrganizationName = z
  .string({ message: LDAP_TEXT.organisationRequired })
  .trim()
  .min(1, { message: LDAP_TEXT.organisationRequired })
  .max(LDAP_LIMITS.organization, { message: `La entidad no puede superar ${LDAP_LIMITS.organization} caracteres` })
  .refine(hasNoControl, noControl('La entidad'));

/**
 * POST /api/auth/auth_ldap. `organization` is the name of the organisation whose directory applies,
 * typed by the person (no list of organisations is ever shown before sign-in); it may be left out
 * while exactly one organisation has LDAP sign-in enabled (LdapSignInOffer says so).
 */
export const LdapLoginBody = z.object({ username: Username, password: DirectoryPassword, organization: OrganizationName.optional() });
export type LdapLoginBody = z.infer<typeof LdapLoginBody>;

/** 'Probar': the settings as they stand in the form (unsaved) and a person's credentials to try them with. */
export const LdapProbeBody = z.object({ settings: LdapSettingsBody, username: Username, password: DirectoryPassword });
export type LdapProbeBody = z.infer<typeof LdapProbeBody>;

/** Where a probe stopped. */
export const LdapProbeStage = z.enum(['connect', 'service-bind', 'search', 'user-bind', 'groups']);
export type LdapProbeStage = z.infer<typeof LdapProbeStage>;

/** What 'Probar' found: the person's DN, groups and the role they would get (null: none, they cannot sign in). */
export const LdapProbeResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    dn: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    groups: z.array(z.string()),
    role: z.number().int().nullable(),
    message: z.string()
  }),
  z.object({ ok: z.literal(false), stage: LdapProbeStage, message: z.string(), detail: z.string() })
]);
export type LdapProbeResult = z.infer<typeof LdapProbeResult>;

/**
 * What the login page needs to offer directory sign-in (public: it asks before anyone signs in), and
 * no more — which organisations have a directory is not told to whoever asks: whether any has one
 * enabled, and whether there are several (then the person types the name of theirs).
 */
export const LdapSignInOffer = z.object({ offered: z.boolean(), organisationRequired: z.boolean() });
export type LdapSignInOffer = z.infer<typeof LdapSignInOffer>;

/**
 * A DN compared the way directories do for the names people write: case and the spaces around
 * ',' and '=' aside. (Escaped characters stay as written: both sides come from the same directory.)
 */
export function normaliseDn(dn: string): string {
  return dn
    .trim()
    .replace(/\s*([,=+])\s*/g, '$1')
    .toLowerCase();
}

/** The role the first mapped group the person is in gives, or null. */
export function roleForGroups(groups: readonly string[], mappings: readonly { groupDn: string; role: number }[]): RoleId | null {
  const mine = new Set(groups.map(normaliseDn));
  const match = mappings.find((m) => mine.has(normaliseDn(m.groupDn)));
  if (!match) return null;
  return (LDAP_ROLES as readonly number[]).includes(match.role) ? (match.role as RoleId) : null;
}
