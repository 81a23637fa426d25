import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure, render, screen, within, type ByRoleMatcher, type ByRoleOptions, type waitForOptions } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppToaster } from '../../../src/renderer/app/toasts';
import type { IpcResult } from '../../../src/shared/ipc';
import type { SettingsCall, SettingsCallArg } from '../../../src/shared/settings-calls';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { installFakeAtiende, sessionView } from './fake-atiende';

/** Shared by the settings-*.test.tsx files: Fluent dialogs on 2 cores take their time. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

export type Reply = (arg: SettingsCallArg) => IpcResult<unknown> | Promise<IpcResult<unknown>>;

export const okReply = <T,>(data: T): IpcResult<T> => ({ ok: true, data });
export const failReply = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });

/**
 * A `window.atiende` whose 'settings:call' answers from `replies` by entry name (an entry without a
 * reply stays pending, as with no platform behind it), recording every call it was asked.
 */
export function installSettings(replies: Partial<Record<SettingsCall, Reply>>) {
  const fake = installFakeAtiende();
  const call = vi.fn(async (arg: SettingsCallArg) => {
    const reply = replies[arg.call];
    if (!reply) return new Promise<IpcResult<unknown>>(() => {});
    return reply(arg);
  });
  (fake.api as unknown as { settings: { call: typeof call } }).settings = { call };
  return {
    ...fake,
    replies,
    call,
    /** The calls sent for one entry, in order. */
    sent: (name: SettingsCall) => call.mock.calls.map(([arg]) => arg).filter((arg) => arg.call === name)
  };
}

/** Renders a settings page; `role`: the signed-in user's (pages that differ by role read it from the session). */
export function renderPage(ui: ReactNode, role?: 1 | 2 | 3 | 4 | 5 | 6) {
  const store = createStore();
  if (role !== undefined) store.set(sessionAtom, { status: 'resolved', view: sessionView(role), restored: true });
  return render(
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        {ui}
      </FluentProvider>
    </Provider>
  );
}

/**
 * The row of a settings table whose header cell says `name`. `behindDialog`: read while a modal
 * dialog is open, when tabster may have marked the page aria-hidden (as a browser's would be).
 */
export function rowOf(name: string, { behindDialog = false } = {}): HTMLElement {
  const header = screen.getByRole('rowheader', { name, hidden: behindDialog });
  const row = header.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/**
 * The header cells' texts of the settings tables in `scope` (default: the whole page), in order.
 * `behindDialog`: read while a modal dialog is open (see rowOf).
 */
export function rowNames({ behindDialog = false, scope = screen }: { behindDialog?: boolean; scope?: Pick<typeof screen, 'getAllByRole'> } = {}): string[] {
  return scope.getAllByRole('rowheader', { hidden: behindDialog }).map((h) => h.textContent ?? '');
}

type Scope = ReturnType<typeof within>;

/**
 * The open dialog (Fluent renders it in a portal), its role queries looking past aria-hidden.
 * jsdom lays nothing out, so Fluent finds no visible field to focus and focuses the dialog's
 * surface itself; whether tabster then counts the dialog as the active modal races its mutation
 * observer, and a modal it counts inactive is marked aria-hidden 250 ms later — the more often the
 * busier the machine. The end-to-end suite checks in Chromium, with axe, that dialogs stay reachable.
 */
export function dialog(): Scope {
  return pastAriaHidden(within(screen.getByRole('dialog', { hidden: true })));
}

/** The open confirmation (an alertdialog), as `dialog` finds a dialog. */
export async function findConfirm(): Promise<Scope> {
  return pastAriaHidden(within(await screen.findByRole('alertdialog', { hidden: true })));
}

function pastAriaHidden(scope: Scope): Scope {
  const past = (options?: ByRoleOptions): ByRoleOptions => ({ hidden: true, ...options });
  return {
    ...scope,
    getByRole: (role: ByRoleMatcher, options?: ByRoleOptions) => scope.getByRole(role, past(options)),
    getAllByRole: (role: ByRoleMatcher, options?: ByRoleOptions) => scope.getAllByRole(role, past(options)),
    queryByRole: (role: ByRoleMatcher, options?: ByRoleOptions) => scope.queryByRole(role, past(options)),
    queryAllByRole: (role: ByRoleMatcher, options?: ByRoleOptions) => scope.queryAllByRole(role, past(options)),
    findByRole: (role: ByRoleMatcher, options?: ByRoleOptions, wait?: waitForOptions) => scope.findByRole(role, past(options), wait),
    findAllByRole: (role: ByRoleMatcher, options?: ByRoleOptions, wait?: waitForOptions) => scope.findAllByRole(role, past(options), wait)
  } as Scope;
}

export const ISO = '2026-01-15T13:00:00.000Z';
