import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH } from '../../shared/menus';
import { ChangePasswordPage } from '../features/session/ChangePasswordPage';
import { LoginPage } from '../features/session/LoginPage';
import { AppRoot } from './AppRoot';
import { RouteErrorScreen } from './ErrorScreen';
import { AllowedPage, GuestOnly, LandingRedirect, RequireSession } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { SUPERVISION_PAGES, WALLBOARD_PATH } from '../../shared/supervision-pages';
import { PAGES, WALLBOARD_WINDOW } from './pages';

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        path: LOGIN_PATH,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        )
      },
      {
        path: CHANGE_PASSWORD_PATH,
        element: (
          <RequireSession passwordRoute>
            <ChangePasswordPage />
          </RequireSession>
        )
      },
      {
        path: '/',
        element: (
          <RequireSession>
            <LandingRedirect />
          </RequireSession>
        )
      },
      {
        // The wallboard's own window: the whole window is the board, no drawer or top bar.
        path: WALLBOARD_PATH,
        element: (
          <RequireSession>
            <AllowedPage path={SUPERVISION_PAGES.chatQueue.path} allowedAs={SUPERVISION_PAGES.chatQueue.path}>
              <WALLBOARD_WINDOW />
            </AllowedPage>
          </RequireSession>
        )
      },
      {
        element: (
          <RequireSession>
            <Layout />
          </RequireSession>
        ),
        children: [
          ...PAGES.map(({ path, Component, slug }) => ({
            // react-router's '/*' also matches the path itself, so one route serves the page and its slugs.
            path: slug ? `${path}/*` : path,
            errorElement: <RouteErrorScreen landmark={false} />,
            element: (
              <AllowedPage path={path}>
                <Component />
              </AllowedPage>
            )
          })),
          { path: '*', element: <NotFoundPage /> }
        ]
      }
    ]
  }
];

/**
 * Both hosts serve the renderer from an origin root with an SPA fallback (the desktop app's
 * app://atiende/ protocol and the browser host), so real paths work in both.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
