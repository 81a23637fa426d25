import { configure } from '@testing-library/react';
import { createStore } from 'jotai';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { IpcResult } from '../../../src/shared/ipc';
import type { RoleId } from '../../../src/shared/roles';
import { renderApp } from './render-app';
import { installFakeAtiende, ok, sessionView } from './fake-atiende';

/**
 * Shared by the analytics-*.test.tsx files and the other files that render analytics pages. It loads
 * the whole app (render-app.tsx): a test of components alone imports component-fixtures.tsx instead.
 */
configure({ asyncUtilTimeout: 5000 });

export { PNG_DATA_URL, drawn } from './chart-mock';
export { deferred, renderWithProviders } from './component-fixtures';

/**
 * The analytics renderer set-up: `role` signed in through the fake main process's session (restored as
 * at a start) and the whole app rendered at `path` (render-app.tsx), on `store`; the memory router is
 * returned. The file must mock react-chartjs-2 (see chart-mock.tsx).
 */
export function renderAnalyticsAt(fake: Pick<ReturnType<typeof installFakeAtiende>, 'api'>, path: string, role: RoleId, store = createStore()) {
  fake.api.session.get.mockImplementation(() => ok(sessionView(role)));
  return renderApp(path, store);
}

export type QueryReply = (arg: AnalyticsQueryArg) => Promise<IpcResult<unknown>> | IpcResult<unknown>;
