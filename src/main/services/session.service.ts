import { endpoints } from '../../shared/api/catalogue';
import { PASSWORD_UPDATED_REPLY, type LoginBody, type LoginResult, type UpdatePasswordBody } from '../../shared/domain/session';
import { LDAP_TEXT, type LdapLoginBody, type LdapSignInOffer } from '../../shared/domain/ldap';
import type { IpcError, IpcResult, SessionView } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { Role } from '../../shared/roles';
import type { ApiClient } from './api-client';
import { decodeClaims } from './jwt';
import type { Clock, Logger, Settings } from './ports';
import type { SessionStore } from './session-store';

/** Refusals of 'Administrar entidad' (ours: SPEC §8 does not word them). */
export const ENTITY_TEXT = {
  notFound: 'La organización no existe',
  inactive: 'La organización está inactiva: actívela antes de administrarla'
} as const;

/** Refusals of 'Atender chats' and of leaving it (ours: SPEC §8 does not word them). */
export const ATTEND_TEXT = {
  openChats: (n: number) => (n === 1 ? 'Finalice o transfiera su chat abierto antes de dejar de atender chats' : `Finalice o transfiera sus ${n} chats abiertos antes de dejar de atender chats`)
} as const;

/** How often the session validity is checked besides on user activity (SPEC §4). */
export const VALIDITY_CHECK_MS = 60_000;

export interface SessionService {
  login(body: LoginBody): Promise<IpcResult<SessionView>>;
  /** Sign-in with the organisation's LDAP directory (SPEC §6 'loginbepro'); the tokens stay here, as for login. */
  loginLdap(body: LdapLoginBody): Promise<IpcResult<SessionView>>;
  /** Whether the login page offers directory sign-in, and whether the person names their organisation (never which organisations). */
  ldapSignInOffer(): Promise<IpcResult<LdapSignInOffer>>;
  /**
   * SPEC §2 'Administrar entidad': a Superadministrador (role 1, refused for anyone else) works in an
   * active organisation with the role-3 tree; the page calls go there (catalogue gateway).
   */
  administerEntity(arg: { idOrg: number }): Promise<IpcResult<SessionView>>;
  /** 'Volver': back to the user's own organisation and tree. */
  leaveEntity(): Promise<IpcResult<SessionView>>;
  /**
   * SPEC §2's special action that sets the chat-only tree: a human-agent supervisor (role 6, refused for
   * anyone else) attends chats; the chat link connects him to the agent namespace meanwhile.
   */
  attendChats(): Promise<IpcResult<SessionView>>;
  /** Back to the supervisor's own tree: refused while he holds open chats; the link says Desconectado and closes. */
  leaveChats(): Promise<IpcResult<SessionView>>;
  logout(): Promise<IpcResult<null>>;
  get(): Promise<IpcResult<SessionView | null>>;
  /** The renderer saw mouse or key activity: re-check the validity now. */
  activity(): Promise<IpcResult<null>>;
  checkPasswordExpiry(): Promise<IpcResult<{ changePassword: boolean }>>;
  changePassword(body: UpdatePasswordBody): Promise<IpcResult<{ message: string }>>;
  dispose(): void;
}

export interface SessionServiceDeps {
  api: ApiClient;
  store: SessionStore;
  settings: Settings;
  clock: Clock;
  logger: Logger;
  /** The open chats (ENTRANTE or ACTIVO) the chat link holds now; without it, none. */
  openChats?: () => number;
}

const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/** Errors every caller words the same way: unreachable platform, server failure, forbidden. */
function isGeneric(error: IpcError): boolean {
  return error.status === 0 || error.status === 403 || error.status >= 500;
}

export function createSessionService({ api, store, settings, clock, logger, openChats }: SessionServiceDeps): SessionService {
  const stopTimer = clock.every(VALIDITY_CHECK_MS, () => {
    store.checkValidity().catch((error: unknown) => logger.error('Session validity check failed', error));
  });

  function view(): SessionView | null {
    const tokens = store.current();
    const claims = tokens ? decodeClaims(tokens.access) : null;
    const lastLoginTime = settings.get('lastLoginTime');
    const refreshExpiresAt = store.refreshExpiresAt();
    if (!claims || lastLoginTime === null || refreshExpiresAt === null) return null;
    const { exp: _exp, ...user } = claims;
    const administering = store.administering();
    return {
      authenticated: true,
      user,
      refreshExpiresAt,
      lastLoginTime,
      ...(administering ? { administering } : {}),
      ...(store.attendingChats() ? { attendingChats: true as const } : {})
    };
  }

  /** SPEC §8's answers to a refused sign-in, either kind: 401 invalid credentials, 403 locked. */
  function refusedSignIn(error: IpcError): IpcError | null {
    const { status } = error;
    if (status === 401) return { status, message: MSG.session.invalidCredentials };
    if (status === 403) return { status, message: MSG.session.userLocked, locked: true };
    // Throttled by address: the platform's text says how long to wait.
    if (status === 429 && error.message.trim() !== '') return error;
    return null;
  }

  /** Keeps the tokens of a successful sign-in (never handing them on) and answers the session's view. */
  async function startSession(data: LoginResult): Promise<IpcResult<SessionView>> {
    if (!decodeClaims(data.token)) {
      logger.warn('The platform issued an access token without the expected claims');
      return fail({ status: 502, message: MSG.session.loginFailed });
    }
    await store.start({ access: data.token, refresh: data.refreshToken });
    const session = view();
    return session ? { ok: true, data: session } : fail({ status: 502, message: MSG.session.loginFailed });
  }

  return {
    async login(body) {
      const result = await api.call(endpoints.login, { body });
      if (!result.ok) {
        const refused = refusedSignIn(result.error);
        if (refused) return fail(refused);
        if (isGeneric(result.error)) return fail(result.error);
        return fail({ status: result.error.status, message: MSG.session.loginFailed });
      }
      return startSession(result.data);
    },

    async loginLdap(body) {
      const result = await api.call(endpoints.loginLdap, { body });
      if (!result.ok) {
        const { status } = result.error;
        const refused = refusedSignIn(result.error);
        if (refused) return fail(refused);
        // The platform answers these when the directory cannot be used (SPEC §8 leaves them to us).
        if (status === 503) return fail({ status, message: LDAP_TEXT.unreachable });
        if (status === 502) return fail({ status, message: LDAP_TEXT.refused });
        if (isGeneric(result.error)) return fail(result.error);
        // 400 (no directory, or the organisation not named), 409 (the account cannot be made): the platform's Spanish text.
        if (status >= 400 && status < 500 && result.error.message.trim() !== '') return fail(result.error);
        return fail({ status, message: MSG.session.loginFailed });
      }
      return startSession(result.data);
    },

    async ldapSignInOffer() {
      const result = await api.call(endpoints.ldapSignInOffer);
      return result.ok ? { ok: true, data: result.data } : fail(result.error);
    },

    async administerEntity({ idOrg }) {
      const tokens = store.current();
      const claims = tokens ? decodeClaims(tokens.access) : null;
      if (!claims || !(await store.checkValidity())) return fail({ status: 401, message: MSG.session.sessionExpired });
      if (claims.role !== Role.Superadministrador) return fail({ status: 403, message: MSG.generic.unauthorized });
      // The platform's own list says whether the organisation exists and is active (role 1 may read it).
      const result = await api.call(endpoints.organizations);
      if (!result.ok) return fail(result.error);
      const organization = result.data.find((o) => o.idOrg === idOrg);
      if (!organization) return fail({ status: 404, message: ENTITY_TEXT.notFound });
      if (!organization.isActive) return fail({ status: 409, message: ENTITY_TEXT.inactive });
      store.setAdministering({ idOrg: organization.idOrg, name: organization.name });
      const session = view();
      return session ? { ok: true, data: session } : fail({ status: 401, message: MSG.session.sessionExpired });
    },

    async leaveEntity() {
      store.setAdministering(null);
      const session = store.current() ? view() : null;
      return session ? { ok: true, data: session } : fail({ status: 401, message: MSG.session.sessionExpired });
    },

    async attendChats() {
      const tokens = store.current();
      const claims = tokens ? decodeClaims(tokens.access) : null;
      if (!claims || !(await store.checkValidity())) return fail({ status: 401, message: MSG.session.sessionExpired });
      if (claims.role !== Role.SupervisorAsesorHumano) return fail({ status: 403, message: MSG.generic.unauthorized });
      store.setAttendingChats(true);
      const session = view();
      return session ? { ok: true, data: session } : fail({ status: 401, message: MSG.session.sessionExpired });
    },

    async leaveChats() {
      if (!store.current()) return fail({ status: 401, message: MSG.session.sessionExpired });
      const open = store.attendingChats() ? (openChats?.() ?? 0) : 0;
      if (open > 0) return fail({ status: 409, message: ATTEND_TEXT.openChats(open) });
      store.setAttendingChats(false);
      const session = view();
      return session ? { ok: true, data: session } : fail({ status: 401, message: MSG.session.sessionExpired });
    },

    async logout() {
      await store.end('logout');
      return { ok: true, data: null };
    },

    async get() {
      if (!store.current()) return { ok: true, data: null };
      if (!(await store.checkValidity())) return { ok: true, data: null };
      const session = view();
      if (!session) {
        // Stored tokens that no longer decode (a platform change): nothing to resume.
        await store.end('expired');
        return { ok: true, data: null };
      }
      return { ok: true, data: session };
    },

    async activity() {
      await store.checkValidity();
      return { ok: true, data: null };
    },

    async checkPasswordExpiry() {
      const result = await api.call(endpoints.changePasswordByExpiration);
      if (result.ok) return { ok: true, data: { changePassword: result.data.changePassword } };
      return fail({ status: result.error.status, message: MSG.session.passwordCheckFailed });
    },

    async changePassword(body) {
      const result = await api.call(endpoints.updatePasswordByUserName, { body });
      if (!result.ok) {
        if (result.error.status === 400 || isGeneric(result.error)) return fail(result.error);
        return fail({ status: result.error.status, message: MSG.session.passwordUpdateFailed });
      }
      // SPEC §5: the reply text decides; anything but the agreed text is a failure.
      if (result.data.message !== PASSWORD_UPDATED_REPLY) return fail({ status: 502, message: MSG.session.passwordUpdateFailed });
      // A session that had to change its password was good for that change only (TokenClaims.mustChangePassword):
      // new tokens of the same session are not. A refresh the platform rejects ends the session (sign in again).
      const tokens = store.current();
      if (tokens && decodeClaims(tokens.access)?.mustChangePassword) {
        const renewal = await api.renewSession(tokens.access);
        if (!renewal.ok) logger.warn(`The session could not be renewed after the password change (${renewal.error.status})`);
      }
      return { ok: true, data: { message: MSG.session.passwordUpdated } };
    },

    dispose() {
      stopTimer();
    }
  };
}
