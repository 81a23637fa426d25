import type { ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Body1, Button, makeStyles } from '@fluentui/react-components';
import { StatePanel } from '../components/StatePanel';
import { pageExists } from './pages';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, isPathIn, landingPath } from '../../shared/menus';
import { MSG } from '../../shared/messages';
import { passwordCheckAtom, sessionAtom } from '../features/session/atoms';
import { checkPasswordExpiryAtom, logoutAtom } from '../features/session/actions';
import { viewTreeAtom } from '../features/session/entity';
import { NotFoundPage } from './NotFoundPage';

const useStyles = makeStyles({
  waiting: { minHeight: '100%' }
});

/** While the session or the password check is being resolved: the loading bar runs above this. */
function Waiting() {
  const styles = useStyles();
  return <main className={styles.waiting} aria-busy="true" aria-label="Cargando" />;
}

/** The expiry check failed: nothing past sign-in opens until it succeeds (SPEC §5, §8). */
function PasswordCheckFailed() {
  const retry = useSetAtom(checkPasswordExpiryAtom);
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  return (
    <StatePanel
      title="No fue posible validar la contraseña"
      actions={
        <>
          <Button appearance="primary" onClick={() => void retry()}>
            Reintentar
          </Button>
          <Button onClick={() => void logout().then(() => navigate(LOGIN_PATH, { replace: true }))}>Cerrar sesión</Button>
        </>
      }
    >
      <Body1>{MSG.session.passwordCheckFailed}</Body1>
    </StatePanel>
  );
}

/**
 * Routes that need a session: without one → /login; while the password must be changed → only
 * /change-password opens (`passwordRoute`).
 */
export function RequireSession({ children, passwordRoute = false }: { children: ReactNode; passwordRoute?: boolean }) {
  const session = useAtomValue(sessionAtom);
  const check = useAtomValue(passwordCheckAtom);
  if (!session.restored) return <Waiting />;
  if (!session.view) return <Navigate to={LOGIN_PATH} replace />;
  if (check.status === 'rejected') return <PasswordCheckFailed />;
  if (check.status !== 'resolved') return <Waiting />;
  if (check.changePassword && !passwordRoute) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <>{children}</>;
}

/** /login: a signed-in user goes to the landing page (or to /change-password when forced). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const check = useAtomValue(passwordCheckAtom);
  if (!session.restored) return <Waiting />;
  if (!session.view) return <>{children}</>;
  if (check.status === 'rejected') return <PasswordCheckFailed />;
  if (check.status !== 'resolved') return <Waiting />;
  const target = check.changePassword ? CHANGE_PASSWORD_PATH : landingPath(session.view.user.role);
  return <Navigate to={target} replace />;
}

/** `/` → the landing page of the tree in view (SPEC §2). Used inside `RequireSession`. */
export function LandingRedirect() {
  const view = useAtomValue(viewTreeAtom);
  if (!view) return <Navigate to={LOGIN_PATH} replace />;
  return <Navigate to={view.landing} replace />;
}

/**
 * A registered page, shown only if the allowed-path list of the tree in view has it (the role's, or
 * the one a special action set) and the page exists for it; otherwise the 404 page.
 */
export function AllowedPage({ path, allowedAs, children }: { path: string; allowedAs?: string; children: ReactNode }) {
  const view = useAtomValue(viewTreeAtom);
  const { pathname } = useLocation();
  // `allowedAs`: a view of a page (the queue's wallboard) is open to whoever may open that page.
  if (!view || !isPathIn(view.allowed, allowedAs ?? pathname) || !pageExists(path, view.pageRole)) return <NotFoundPage />;
  return <>{children}</>;
}
