import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarBody, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import type { IpcError, IpcResult } from '../../../shared/ipc';
import type { SettingsCall } from '../../../shared/settings-calls';
import { settingsTitle, type SettingsScreenId } from '../../../shared/settings-screens';
import { useNotify } from '../../app/toasts';
import { DataState } from '../DataState';
import { DataTable, type DataColumn } from '../DataTable';
import { useLoad, type Load } from '../use-load';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import type { FieldErrors, FormCheck } from './form';
import { IconAction, RowActions } from './RowActions';
import { useScopePicker, type ScopeSpec, type ScopeValue } from './ScopePicker';
import { ScreenFields, type FieldRow } from './screen-fields';
import { SearchField } from './SearchField';
import { SettingsPage } from './SettingsPage';
import { SETTINGS_TEXT } from './texts';
import { useSettingsForm, type RefusalFields } from './use-settings-form';
import { useSettingsList, type Editing } from './use-settings-list';

/** What a list's calls know besides their own data: the scope chosen and the search typed. */
export interface ListContext {
  scope: ScopeValue;
  search: string;
}

/** The SPEC §8 toasts and load error of a list (MSG.<area>). */
export interface ListMessages {
  loadFailed: string;
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

/**
 * A list screen described (SPEC §4 "Lists"): its calls, its columns, its form and its texts. The
 * kit's `ListScreen` draws it — the table with its loading, empty and error states, the create/edit
 * dialog with the catalogue schema's Spanish messages (a refused save keeps the input), the delete
 * confirmation and the toasts — and `describeListScreen` (tests) checks it.
 */
export interface ListScreenDescriptor<Row, Values extends object, Body, Lookup = never> {
  screen: SettingsScreenId;
  description?: string;
  scope?: ScopeSpec;
  /** The catalogue entries the functions below send (the generated test answers them by name). */
  calls: { list: SettingsCall; create: SettingsCall; update: SettingsCall; remove: SettingsCall; toggle?: SettingsCall };
  /** What the form offers besides its own values (the cities of a contact), loaded once with the screen; read by `custom` fields and `extra`. */
  lookup?(context: ListContext): Promise<IpcResult<Lookup>>;
  /** The lookup depends on the rows (the nodes still without an answer): asked again, quietly, after each save and delete. */
  lookupFollowsRows?: boolean;
  /** An info toast when the list comes back empty (SPEC §9: an empty directory says so for 3 s). */
  emptyNotice?: { text: string; ms: number };
  /** The rows of the scope (and of the search, when the screen has one). */
  load(context: ListContext): Promise<IpcResult<Row[]>>;
  /** The row's id (SPEC §4: an update replaces by it, a delete removes by it) and its name (the row header, the buttons' names). */
  key(row: Row): number | string;
  name(row: Row): string;
  /** Where a created row goes (SPEC §4). */
  created: 'append' | 'prepend';
  /**
   * The columns before the actions; the first is the row's header (its name). They may depend on the
   * scope (whose rows a chooser shows) and on the lookup, once loaded (the name of each row's type).
   */
  columns: readonly DataColumn<Row>[] | ((context: ListContext, lookup: Lookup | null) => readonly DataColumn<Row>[]);
  /** A search on the platform (sent on Enter or 'Buscar'). */
  search?: { label: string; hint?: string };
  /** An on/off column written at once (active, inactive): the same update with the flag changed. */
  toggle?: {
    header: string;
    checked(row: Row): boolean;
    label(on: boolean): string;
    send(row: Row, context: ListContext): Promise<IpcResult<Row>>;
    /** What the cell shows beside the switch (a 'Bloqueado' badge). */
    beside?(row: Row): ReactNode;
    /** The toasts, when they are not the update's (the row as stored after the change). */
    messages?: { done(row: Row): string; failed: string };
  };
  /** Other writes of a row, each an icon button before Editar (shown when `shown`): the answer replaces the row. */
  actions?: readonly RowAction<Row>[];
  form: {
    /** The form's values: blank for a new row, the row's own for an edit. */
    initial(editing: Editing<Row>): Values;
    /** The values checked with the catalogue body schema (`checkWith`). */
    check(values: Values, editing: Editing<Row>, context: ListContext): FormCheck<Body>;
    /** Rules the schema does not hold (a name already listed: `nameTaken`). */
    extra?(values: Values, rows: readonly Row[], editing: Editing<Row>, lookup: Load<Lookup>): FieldErrors;
    /** Where a platform refusal goes (a 409 for a name in use under its field). */
    refusal?: RefusalFields;
    /** The toast of a refused save, when it is not createFailed / updateFailed (SPEC §5: a 422 has its own). */
    failed?(error: IpcError, creating: boolean): string | undefined;
    /** A dialog wide enough for a part beside the fields (a template's variables and its preview). */
    wide?: boolean;
    /** The fields; they may depend on the row edited and the scope (the roles a chooser may give). */
    fields: readonly FieldRow<Values, Lookup>[] | ((editing: Editing<Row>, context: ListContext) => readonly FieldRow<Values, Lookup>[]);
  };
  /** Creates or updates; the answer is the row as stored. */
  save(body: Body, editing: Editing<Row>, context: ListContext): Promise<IpcResult<Row>>;
  /** The delete call: the row goes only when the platform confirms it (SPEC §5). */
  remove(row: Row, context: ListContext): Promise<IpcResult<unknown>>;
  texts: {
    /** The table's caption (read by screen readers). */
    list: string;
    /** The create button and the create dialog's title. */
    create: string;
    createTitle?: string;
    editTitle(row: Row): string;
    /** What is deleted, as the question names it ('la plantilla Saludo'). */
    deleteWhat(row: Row): string;
    deleteText(row: Row): string;
  };
  messages: ListMessages;
}

/** A write of one row besides its edit and delete (unlock an account). */
export interface RowAction<Row> {
  label(row: Row): string;
  icon: ReactElement;
  shown(row: Row): boolean;
  send(row: Row, context: ListContext): Promise<IpcResult<Row>>;
  messages: { done: string; failed: string };
}

/** The form's fields for this edit in this scope. */
export function formFields<Row, Values extends object, Body, Lookup>(
  d: ListScreenDescriptor<Row, Values, Body, Lookup>,
  editing: Editing<Row>,
  context: ListContext
): readonly FieldRow<Values, Lookup>[] {
  const fields = d.form.fields;
  return typeof fields === 'function' ? fields(editing, context) : fields;
}

/**
 * Declares a list screen (features/settings/<area>/<screen>.screen.tsx): the descriptor itself,
 * typed (its rows, form values and body inferred from its calls); the file's page is
 * `<ListScreen descriptor={…} />`.
 */
export function listScreen<Row, Values extends object, Body, Lookup = never>(descriptor: ListScreenDescriptor<Row, Values, Body, Lookup>): ListScreenDescriptor<Row, Values, Body, Lookup> {
  return descriptor;
}

const useStyles = makeStyles({ toggle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' } });

/**
 * `children`: a part of the page below the table that reads the rows as they stand (regionales: the
 * departments, each moved to one of the regions listed); the generated test draws the descriptor alone.
 */
export function ListScreen<Row, Values extends object, Body, Lookup>({
  descriptor: d,
  children
}: {
  descriptor: ListScreenDescriptor<Row, Values, Body, Lookup>;
  /** A part under the table; `list.refresh()` asks the rows again quietly (after a bulk change the part made, an import); `lookup`: the descriptor's, once loaded. */
  children?: (rows: readonly Row[], context: ListContext, list: { refresh(): void }, lookup: Lookup | null) => ReactNode;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const scope = useScopePicker(d.scope);
  const [search, setSearch] = useState('');
  const context: ListContext = { scope: scope.value, search };
  const load = useLoad(JSON.stringify([d.calls.list, scope.value, search]), () => d.load(context), { enabled: scope.ready });
  const lookupOf = d.lookup;
  // Without a lookup nothing is asked (enabled false): the pending promise is never made.
  const lookup = useLoad(JSON.stringify([d.screen, 'lookup', scope.value]), () => (lookupOf ? lookupOf(context) : new Promise<IpcResult<Lookup>>(() => {})), {
    enabled: !!lookupOf && scope.ready
  });
  const refreshLookup = d.lookupFollowsRows ? lookup.refresh : () => undefined;
  const list = useSettingsList(load, { key: d.key, created: d.created, remove: (row) => d.remove(row, context), messages: d.messages });
  /** The row being written by a toggle or another row action. */
  const [toggling, setToggling] = useState<number | string | null>(null);
  /** Why the last toggle or row action was refused (the platform's words: its own organisation, say). */
  const [toggleError, setToggleError] = useState<string | null>(null);
  const toggle = d.toggle;

  // The empty notice, once per load.
  const noticed = useRef<unknown>(null);
  const emptyNotice = d.emptyNotice;
  useEffect(() => {
    if (!emptyNotice || load.status !== 'resolved' || load.data === null || load.data.length > 0 || noticed.current === load.data) return;
    noticed.current = load.data;
    notify.info(emptyNotice.text, emptyNotice.ms);
  }, [emptyNotice, load.status, load.data, notify]);

  /** A write of one row (the toggle, a row action): the answer replaces it; a refusal is said above the table. */
  async function write(row: Row, send: () => Promise<IpcResult<Row>>, messages: { done(row: Row): string; failed: string }) {
    setToggling(d.key(row));
    setToggleError(null);
    const result = await send();
    setToggling(null);
    if (!result.ok) {
      setToggleError(result.error.message);
      return notify.error(messages.failed);
    }
    list.replace(result.data);
    notify.success(messages.done(result.data));
  }

  const flip = (row: Row) => {
    if (toggle) void write(row, () => toggle.send(row, context), toggle.messages ?? { done: () => d.messages.updated, failed: d.messages.updateFailed });
  };

  const columns: DataColumn<Row>[] = [
    ...(typeof d.columns === 'function' ? d.columns(context, lookup.data) : d.columns),
    ...(toggle
      ? [
          {
            key: 'estado',
            header: toggle.header,
            render: (row: Row) => {
              const on = toggle.checked(row);
              const control = (
                <Switch
                  checked={on}
                  disabled={toggling === d.key(row)}
                  aria-label={on ? SETTINGS_TEXT.deactivate(d.name(row)) : SETTINGS_TEXT.activate(d.name(row))}
                  label={toggle.label(on)}
                  onChange={() => flip(row)}
                />
              );
              const beside = toggle.beside?.(row);
              return beside ? (
                <span className={styles.toggle}>
                  {control}
                  {beside}
                </span>
              ) : (
                control
              );
            }
          }
        ]
      : []),
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (row) => (
        <RowActions name={d.name(row)} onEdit={() => list.edit(row)} onDelete={() => list.askDelete(row)}>
          {(d.actions ?? [])
            .filter((action) => action.shown(row))
            .map((action) => (
              <IconAction
                key={action.label(row)}
                label={action.label(row)}
                icon={action.icon}
                disabled={toggling === d.key(row)}
                onClick={() => void write(row, () => action.send(row, context), { done: () => action.messages.done, failed: action.messages.failed })}
              />
            ))}
        </RowActions>
      )
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle(d.screen)}
      description={d.description}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} disabled={!scope.ready} onClick={list.create}>
          {d.texts.create}
        </Button>
      }
    >
      {scope.frame(
        <>
          {d.search ? <SearchField label={d.search.label} hint={d.search.hint} onSearch={setSearch} /> : null}
          {toggleError ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{toggleError}</MessageBarBody>
            </MessageBar>
          ) : null}
          <DataState status={load.status} errorTitle={d.messages.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload} level="h2">
            <DataTable caption={d.texts.list} captionHidden columns={columns} rows={list.items} rowKey={(row) => String(d.key(row))} />
          </DataState>
          {children && scope.ready ? children(list.items, context, { refresh: load.refresh }, lookup.data) : null}
        </>
      )}
      {list.editing && scope.ready ? (
        <ListFormDialog
          descriptor={d}
          editing={list.editing}
          rows={list.items}
          context={context}
          lookup={lookup}
          onClose={list.closeEditor}
          onSaved={(row) => {
            list.saved(row);
            refreshLookup();
          }}
        />
      ) : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(d.texts.deleteWhat(list.deleting))}
          text={d.texts.deleteText(list.deleting)}
          error={list.deleteError}
          onConfirm={() => list.confirmDelete().finally(refreshLookup)}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

function ListFormDialog<Row, Values extends object, Body, Lookup>({
  descriptor: d,
  editing,
  rows,
  context,
  lookup,
  onClose,
  onSaved
}: {
  descriptor: ListScreenDescriptor<Row, Values, Body, Lookup>;
  editing: Editing<Row>;
  rows: readonly Row[];
  context: ListContext;
  lookup: Load<Lookup>;
  onClose(): void;
  onSaved(row: Row): void;
}) {
  const notify = useNotify();
  const form = useSettingsForm<Values>(() => d.form.initial(editing));
  const creating = editing.mode === 'create';
  const check = () => d.form.check(form.values, editing, context);
  const extra = () => d.form.extra?.(form.values, rows, editing, lookup) ?? {};

  async function submit(): Promise<boolean> {
    const data = form.accept(check(), extra());
    if (data === null) return false;
    const result = await d.save(data, editing, context);
    if (!result.ok) {
      notify.error(d.form.failed?.(result.error, creating) ?? (creating ? d.messages.createFailed : d.messages.updateFailed));
      form.refused(result.error, d.form.refusal);
      return false;
    }
    onSaved(result.data);
    notify.success(creating ? d.messages.created : d.messages.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? (d.texts.createTitle ?? d.texts.create) : d.texts.editTitle(editing.item)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), extra())}
      wide={d.form.wide}
    >
      <ScreenFields rows={formFields(d, editing, context)} form={form} lookup={lookup} />
    </FormDialog>
  );
}
