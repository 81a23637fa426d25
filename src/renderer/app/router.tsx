import { createBrowserRouter, createHashRouter, type RouteObject } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH } from '../../shared/menus';
import { ChangePasswordPage } from '../features/session/ChangePasswordPage';
import { LoginPage } from '../features/session/LoginPage';
import { AppRoot } from './AppRoot';
import { RouteErrorScreen } from './ErrorScreen';
import { AllowedPage, GuestOnly, LandingRedirect, RequireSession } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PAGES } from './pages';

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
        element: (
          <RequireSession>
            <Layout />
          </RequireSession>
        ),
        children: [
          ...PAGES.map(({ path, Component }) => ({
            path,
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
 * The only place that knows the host: Electron loads the renderer from file://, where only the
 * URL hash can carry the route; the browser host serves an SPA fallback, so real paths work.
 */
export function createAppRouter() {
  return location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes);
}
