import { endpoints } from '../../shared/api/catalogue';
import { PASSWORD_UPDATED_REPLY, type LoginBody, type UpdatePasswordBody } from '../../shared/domain/session';
import type { IpcError, IpcResult, SessionView } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import type { ApiClient } from './api-client';
import { decodeClaims } from './jwt';
import type { Clock, Logger, Settings } from './ports';
import type { SessionStore } from './session-store';

/** How often the session validity is checked besides on user activity (SPEC §4). */
export const VALIDITY_CHECK_MS = 60_000;

export interface SessionService {
  login(body: LoginBody): Promise<IpcResult<SessionView>>;
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
}

const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/** Errors every caller words the same way: unreachable platform, server failure, forbidden. */
function isGeneric(error: IpcError): boolean {
  return error.status === 0 || error.status === 403 || error.status >= 500;
}

export function createSessionService({ api, store, settings, clock, logger }: SessionServiceDeps): SessionService {
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
    return { authenticated: true, user, refreshExpiresAt, lastLoginTime };
  }

  return {
    async login(body) {
      const result = await api.call(endpoints.login, { body });
      if (!result.ok) {
        const { status } = result.error;
        if (status === 401) return fail({ status, message: MSG.session.invalidCredentials });
        if (status === 403) return fail({ status, message: MSG.session.userLocked, locked: true });
        // Throttled by address: the platform's text says how long to wait.
        if (status === 429 && result.error.message.trim() !== '') return fail(result.error);
        if (isGeneric(result.error)) return fail(result.error);
        return fail({ status, message: MSG.session.loginFailed });
      }
      if (!decodeClaims(result.data.token)) {
        logger.warn('The platform issued an access token without the expected claims');
        return fail({ status: 502, message: MSG.session.loginFailed });
      }
      await store.start({ access: result.data.token, refresh: result.data.refreshToken });
      const session = view();
      return session ? { ok: true, data: session } : fail({ status: 502, message: MSG.session.loginFailed });
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
      return { ok: true, data: { message: MSG.session.passwordUpdated } };
    },

    dispose() {
      stopTimer();
    }
  };
}
