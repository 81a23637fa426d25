import type { NotifyChannelsView } from '../../../src/shared/domain/notify-channels';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within, type ByRoleMatcher, type ByRoleOptions, type RenderResult, type waitForOptions } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppToaster } from '../../../src/renderer/app/toasts';
import type { IpcResult } from '../../../src/shared/ipc';
import type { SettingsCall, SettingsCallArg } from '../../../src/shared/settings-calls';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { DATA_TEXT } from '../../../src/renderer/components/texts';
import { ListScreen, formFields, type ListContext, type ListScreenDescriptor } from '../../../src/renderer/components/settings/ListScreen';
import { RecordScreen, type RecordScreenDescriptor } from '../../../src/renderer/components/settings/RecordScreen';
import { fieldsOf } from '../../../src/renderer/components/settings/screen-fields';
import { SETTINGS_TEXT } from '../../../src/renderer/components/settings/texts';
import { MSG } from '../../../src/shared/messages';
import { settingsTitle } from '../../../src/shared/settings-screens';
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
export function renderPage(ui: ReactNode, role?: 1 | 2 | 3 | 4 | 5 | 6): RenderResult {
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

/** A described field, as the generated tests read it. */
type Described = { label: string };

/** A field's control in `scope` by the label its descriptor gives it (Fluent adds ' *' to a required one). */
function control(scope: Pick<Scope, 'getByLabelText'>, fields: readonly Described[], name: string): HTMLInputElement {
  const field = fields.find((f) => 'name' in f && f.name === name);
  if (!field) throw new Error(`The descriptor has no field ${name}`);
  const label = field.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
}

/** Types `values` into the fields they name (a switch: 'true' or 'false' sets it). */
function fill(scope: Pick<Scope, 'getByLabelText'>, fields: readonly Described[], values: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(values)) {
    const input = control(scope, fields, name);
    if (input.getAttribute('role') === 'switch' || input.type === 'checkbox') {
      if (String(input.checked) !== value) fireEvent.click(input);
    } else fireEvent.change(input, { target: { value } });
  }
}

/** Each field named in `values` still shows what was typed. */
function kept(scope: Pick<Scope, 'getByLabelText'>, fields: readonly Described[], values: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(values)) {
    const input = control(scope, fields, name);
    if (input.getAttribute('role') !== 'switch' && input.type !== 'checkbox') expect(input.value).toBe(value);
  }
}

const bodyOf = (arg: SettingsCallArg | undefined): unknown => (arg as { body?: unknown } | undefined)?.body;

/** What a generated list test needs beyond the descriptor: rows, what to type, what the platform answers. */
export interface ListScreenCase<Row> {
  role?: 1 | 2 | 3 | 4 | 5 | 6;
  /** The rows the list call answers (two at least, all with different names). */
  rows: Row[];
  /** The list call's answer for `rows` (default: the rows themselves). */
  answer?(rows: Row[]): unknown;
  /** The other calls the screen asks (its virtual agents, a list its form offers). */
  replies?: Partial<Record<SettingsCall, Reply>>;
  create: {
    /** Typed first, by field name: the form refuses it with `messages`, keeps it, sends nothing. */
    refused: { fill: Record<string, string>; messages: string[] };
    /** Then typed on top: saved, with `sent` as the body. */
    fill: Record<string, string>;
    sent: unknown;
    /** The row the platform answers for the body sent. */
    reply(body: unknown): Row;
  };
  /** A refusal of the platform (409, 422) shown under its field with the input kept. */
  platformRefusal?: { fill: Record<string, string>; error: { status: number; message: string }; shows: string };
  edit: { row?: number; fill: Record<string, string>; sent: unknown; reply(body: unknown): Row };
  remove: { row?: number; request(arg: SettingsCallArg): unknown; expected: unknown };
}

/**
 * The checks every list screen owes (DESIGN §7), generated from its descriptor: load, empty, the
 * load error with its retry, create (a Spanish refusal that keeps the input first), a platform
 * refusal under its field, edit in place, delete only after confirming and only when confirmed.
 */
export function describeListScreen<Row, Values extends object, Body, Lookup>(d: ListScreenDescriptor<Row, Values, Body, Lookup>, c: ListScreenCase<Row>) {
  // The scope the page starts in for the case's role (roles 1–2 on their own organisation, chooser shown).
  const chooses = c.role === 1 || c.role === 2;
  const context: ListContext = { scope: { idOrg: chooses ? sessionView(c.role ?? 3).user.company : null, idVa: null, chooser: chooses }, search: '' };
  const fields = fieldsOf(formFields(d, { mode: 'create' }, context));
  const editFields = fieldsOf(formFields(d, { mode: 'edit', item: c.rows[c.edit.row ?? 0]! }, context));
  const names = c.rows.map(d.name);
  const answer = (rows: Row[]) => okReply(c.answer ? c.answer(rows) : rows);
  const open = () => renderPage(<ListScreen descriptor={d} />, c.role);

  describe(`${d.screen} (generated from its descriptor)`, () => {
    afterEach(cleanup);

    it('loads the rows, each named in its row header', async () => {
      const fake = installSettings({ ...c.replies, [d.calls.list]: () => answer(c.rows) });
      open();
      expect(await screen.findByRole('heading', { level: 1, name: settingsTitle(d.screen) })).toBeTruthy();
      await screen.findByRole('rowheader', { name: names[0] });
      expect(rowNames()).toEqual(names);
      expect(fake.sent(d.calls.list)).toHaveLength(1);
    });

    it('says so when there is nothing to list', async () => {
      installSettings({ ...c.replies, [d.calls.list]: () => answer([]) });
      open();
      expect(await screen.findByText(DATA_TEXT.empty)).toBeTruthy();
      expect(screen.queryByRole('rowheader')).toBeNull();
    });

    it('shows its SPEC §8 load error and tries again', async () => {
      let fail = true;
      const fake = installSettings({ ...c.replies, [d.calls.list]: () => (fail ? failReply(500, MSG.generic.serverError) : answer(c.rows)) });
      open();
      expect(await screen.findByText(d.messages.loadFailed)).toBeTruthy();
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: DATA_TEXT.retry }));
      await screen.findByRole('rowheader', { name: names[0] });
      expect(fake.sent(d.calls.list)).toHaveLength(2);
    });

    it(`creates after refusing bad input in Spanish (the input kept), the new row ${d.created === 'append' ? 'last' : 'first'}`, async () => {
      const fake = installSettings({ ...c.replies, [d.calls.list]: () => answer(c.rows), [d.calls.create]: (arg: SettingsCallArg) => okReply(c.create.reply(bodyOf(arg))) });
      open();
      await screen.findByRole('rowheader', { name: names[0] });
      fireEvent.click(screen.getByRole('button', { name: d.texts.create }));
      const form = dialog();
      fill(form, fields, c.create.refused.fill);
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
      for (const message of c.create.refused.messages) expect(await form.findByText(message)).toBeTruthy();
      kept(form, fields, c.create.refused.fill);
      expect(fake.sent(d.calls.create)).toEqual([]);

      fill(form, fields, c.create.fill);
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
      expect(await screen.findByText(d.messages.created)).toBeTruthy();
      expect(bodyOf(fake.sent(d.calls.create)[0])).toEqual(c.create.sent);
      const created = d.name(c.create.reply(c.create.sent));
      await screen.findByRole('rowheader', { name: created });
      expect(rowNames()).toEqual(d.created === 'append' ? [...names, created] : [created, ...names]);
    });

    if (c.platformRefusal) {
      const refusal = c.platformRefusal;
      it('shows a refusal of the platform under its field, the input kept', async () => {
        installSettings({ ...c.replies, [d.calls.list]: () => answer(c.rows), [d.calls.create]: () => failReply(refusal.error.status, refusal.error.message) });
        open();
        await screen.findByRole('rowheader', { name: names[0] });
        fireEvent.click(screen.getByRole('button', { name: d.texts.create }));
        const form = dialog();
        fill(form, fields, refusal.fill);
        fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
        expect(await screen.findByText(d.form.failed?.(refusal.error, true) ?? d.messages.createFailed)).toBeTruthy();
        expect(await form.findByText(refusal.shows)).toBeTruthy();
        kept(form, fields, refusal.fill);
      });
    }

    it('edits a row in place', async () => {
      const index = c.edit.row ?? 0;
      const fake = installSettings({ ...c.replies, [d.calls.list]: () => answer(c.rows), [d.calls.update]: (arg: SettingsCallArg) => okReply(c.edit.reply(bodyOf(arg))) });
      open();
      await screen.findByRole('rowheader', { name: names[index] });
      fireEvent.click(within(rowOf(names[index]!)).getByRole('button', { name: SETTINGS_TEXT.editItem(names[index]!) }));
      const form = dialog();
      fill(form, editFields, c.edit.fill);
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save, hidden: true }));
      expect(await screen.findByText(d.messages.updated)).toBeTruthy();
      expect(bodyOf(fake.sent(d.calls.update).at(-1))).toEqual(c.edit.sent);
      const edited = d.name(c.edit.reply(c.edit.sent));
      await waitFor(() => expect(rowNames()).toEqual(names.map((n, i) => (i === index ? edited : n))));
    });

    it('deletes only after confirming, and only when the platform confirms it', async () => {
      const index = c.remove.row ?? 0;
      const name = names[index]!;
      let success = false;
      const fake = installSettings({ ...c.replies, [d.calls.list]: () => answer(c.rows), [d.calls.remove]: () => okReply({ success }) });
      open();
      await screen.findByRole('rowheader', { name });
      fireEvent.click(within(rowOf(name)).getByRole('button', { name: SETTINGS_TEXT.deleteItem(name) }));
      let confirm = await findConfirm();
      fireEvent.click(confirm.getByRole('button', { name: SETTINGS_TEXT.cancel }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(fake.sent(d.calls.remove)).toEqual([]);

      fireEvent.click(within(rowOf(name)).getByRole('button', { name: SETTINGS_TEXT.deleteItem(name) }));
      confirm = await findConfirm();
      // jsdom only: tabster may leave a reopened surface aria-hidden.
      fireEvent.click(confirm.getByRole('button', { name: SETTINGS_TEXT.delete, hidden: true }));
      expect(await screen.findByText(d.messages.deleteFailed)).toBeTruthy();
      expect(rowOf(name, { behindDialog: true })).toBeTruthy();

      // The dialog stays for another try.
      success = true;
      fireEvent.click(confirm.getByRole('button', { name: SETTINGS_TEXT.delete, hidden: true }));
      expect(await screen.findByText(d.messages.deleted)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('rowheader', { name })).toBeNull());
      expect(fake.sent(d.calls.remove).map(c.remove.request)).toEqual([c.remove.expected, c.remove.expected]);
    });
  });
}

/** What a generated record test needs beyond the descriptor. */
export interface RecordScreenCase<Rec> {
  role?: 1 | 2 | 3 | 4 | 5 | 6;
  /** What the load answers, and how some fields show it. */
  record: Rec;
  /** The load call's answer for `record`, when the descriptor's load picks the record out of it (default: the record itself). */
  answer?(record: Rec): unknown;
  shown: Record<string, string>;
  replies?: Partial<Record<SettingsCall, Reply>>;
  /** Typed, by field name: refused with `messages`, kept, nothing sent. */
  refused: { fill: Record<string, string>; messages: string[] };
  /** Typed on top, then saved with `sent` as the body. */
  fill: Record<string, string>;
  sent: unknown;
}

/**
 * The checks every record screen owes (DESIGN §7), generated from its descriptor: load, the load
 * error with its retry, nothing stored yet (a blank form), a Spanish refusal that keeps the input,
 * a failed save that keeps it, a save of the whole record.
 */
export function describeRecordScreen<Rec, Values extends object, Body, Lookup = never>(d: RecordScreenDescriptor<Rec, Values, Body, Lookup>, c: RecordScreenCase<Rec>) {
  const fields = fieldsOf(d.fields);
  const open = () => renderPage(<RecordScreen descriptor={d} />, c.role);
  const findForm = async () => within(await screen.findByRole('form', { name: d.title }));
  const loaded = () => okReply(c.answer ? c.answer(c.record) : c.record);

  describe(`${d.screen ?? d.title} (generated from its descriptor)`, () => {
    afterEach(cleanup);

    it('loads the record into its form', async () => {
      installSettings({ ...c.replies, [d.calls.load]: loaded });
      open();
      const form = await findForm();
      await waitFor(() => kept(form, fields, c.shown));
    });

    it('shows its SPEC §8 load error and tries again', async () => {
      let fail = true;
      const fake = installSettings({ ...c.replies, [d.calls.load]: () => (fail ? failReply(500, MSG.generic.serverError) : loaded()) });
      open();
      expect(await screen.findByText(d.messages.loadFailed)).toBeTruthy();
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: DATA_TEXT.retry }));
      const form = await findForm();
      await waitFor(() => kept(form, fields, c.shown));
      expect(fake.sent(d.calls.load)).toHaveLength(2);
    });

    if (d.missing) {
      const missing = d.missing;
      it('starts blank, and says so, when nothing is stored yet', async () => {
        installSettings({ ...c.replies, [d.calls.load]: () => failReply(missing.status, d.messages.loadFailed) });
        open();
        const form = await findForm();
        expect(form.getByText(missing.notice)).toBeTruthy();
        kept(form, fields, Object.fromEntries(Object.keys(c.shown).map((k) => [k, ''])));
      });
    }

    it('refuses bad input in Spanish and keeps it; a failed save keeps it too; then saves the whole record', async () => {
      let fail = true;
      const fake = installSettings({
        ...c.replies,
        [d.calls.load]: loaded,
        [d.calls.save]: (arg: SettingsCallArg) => (fail ? failReply(500, MSG.generic.serverError) : okReply({ ...c.record, ...(bodyOf(arg) as object) }))
      });
      open();
      const form = await findForm();
      await waitFor(() => kept(form, fields, c.shown));
      fill(form, fields, c.refused.fill);
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
      for (const message of c.refused.messages) expect(await form.findByText(message)).toBeTruthy();
      kept(form, fields, c.refused.fill);
      expect(fake.sent(d.calls.save)).toEqual([]);

      fill(form, fields, c.fill);
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
      expect(await screen.findByText(d.messages.updateFailed)).toBeTruthy();
      kept(form, fields, c.fill);

      fail = false;
      fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save }));
      expect(await screen.findByText(d.messages.updated)).toBeTruthy();
      expect(bodyOf(fake.sent(d.calls.save).at(-1))).toEqual(c.sent);
      kept(form, fields, c.fill);
    });
  });
}

/** An organisation's notification channels as the platform answers them (notifyChannels): SMTP with a stored password, an SMS provider without a token. */
export const NOTIFY_CHANNELS_VIEW: NotifyChannelsView = {
  idOrg: 100,
  configured: true,
  smtpHost: 'smtp.demo.co',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'notificaciones',
  hasSmtpPassword: true,
  fromAddress: 'avisos@demo.co',
  smsUrl: 'https://sms.demo.co/enviar',
  smsUser: 'demo',
  hasSmsToken: false,
  smsMaxParts: 3,
  capCount: 5,
  capWindowMinutes: 10,
  outboxFolder: null
};
