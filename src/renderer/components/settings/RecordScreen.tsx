import { useState, type FormEvent } from 'react';
import { Body1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { IpcResult } from '../../../shared/ipc';
import type { SettingsCall } from '../../../shared/settings-calls';
import { settingsTitle, type SettingsScreenId } from '../../../shared/settings-screens';
import { useNotify } from '../../app/toasts';
import { DataState } from '../DataState';
import { SubmitButton } from '../TextField';
import { useLoad, type Load } from '../use-load';
import type { FormCheck } from './form';
import { useScopePicker, type ScopeSpec, type ScopeValue } from './ScopePicker';
import { ScreenFields, type FieldRow } from './screen-fields';
import { SettingsPage, SettingsSection } from './SettingsPage';
import { SETTINGS_TEXT } from './texts';
import { UnsavedChangesGuard } from './UnsavedChanges';
import { onFieldBlur, useSettingsForm, type RefusalFields } from './use-settings-form';

/** What a record's calls know besides their own data: the scope chosen. */
export interface RecordContext {
  scope: ScopeValue;
}

/**
 * One record (or a list of toggles) described, edited on its page and saved as a whole: its two
 * calls, its form and its texts. The kit's `RecordScreen` draws it — loading and error states, the
 * form with the catalogue schema's Spanish messages (a refused save keeps the input), the
 * unsaved-edits question when leaving, the toasts — and `describeRecordScreen` (tests) checks it.
 */
export interface RecordScreenDescriptor<Rec, Values extends object, Body, Lookup = never> {
  /** A screen of its own (its <h1> from settings-screens.ts); without it, a part of a page headed by `title`. */
  screen?: SettingsScreenId;
  /** The part's <h2> and the form's name. */
  title: string;
  /** Below the page's <h1>, or the part's <h2>. */
  description?: string;
  scope?: ScopeSpec;
  /** The catalogue entries the functions below send (the generated test answers them by name). */
  calls: { load: SettingsCall; save: SettingsCall };
  load(context: RecordContext): Promise<IpcResult<Rec>>;
  /** A load refused with `status` means nothing is stored yet: a blank form, with `notice` above it. */
  missing?: { status: number; notice: string };
  /** The form's values with nothing stored, and those of a stored record. */
  blank: Values;
  valuesOf(record: Rec): Values;
  /** The values checked with the catalogue body schema (`checkWith`). */
  check(values: Values): FormCheck<Body>;
  refusal?: RefusalFields;
  /**
   * What the form's custom fields need beside its values, asked with each scope (the widget editor:
   * the avatar and the platform's address); its fields may `update` it after writes of their own.
   */
  lookup?(context: RecordContext): Promise<IpcResult<Lookup>>;
  fields: readonly FieldRow<Values, Lookup>[];
  /** Saves the whole record; the answer is the record as stored. */
  save(body: Body, context: RecordContext): Promise<IpcResult<Rec>>;
  /** The SPEC §8 load error and save toasts. */
  messages: { loadFailed: string; updated: string; updateFailed: string };
}

/**
 * Declares a record screen (features/settings/<area>/<screen>.screen.tsx), or a part of a page when
 * it names no screen: the descriptor itself, typed; the page draws `<RecordScreen descriptor={…} />`.
 */
export function recordScreen<Rec, Values extends object, Body, Lookup = never>(descriptor: RecordScreenDescriptor<Rec, Values, Body, Lookup>): RecordScreenDescriptor<Rec, Values, Body, Lookup> {
  return descriptor;
}

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' },
  description: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 }
});

export function RecordScreen<Rec, Values extends object, Body, Lookup = never>({ descriptor: d }: { descriptor: RecordScreenDescriptor<Rec, Values, Body, Lookup> }) {
  const styles = useStyles();
  const scope = useScopePicker(d.scope);
  const context: RecordContext = { scope: scope.value };
  const load = useLoad(JSON.stringify([d.calls.load, scope.value]), () => d.load(context), { enabled: scope.ready });
  const lookupOf = d.lookup;
  // Without a lookup nothing is asked (enabled false): the pending promise is never made.
  const lookup = useLoad(JSON.stringify([d.calls.load, 'lookup', scope.value]), () => (lookupOf ? lookupOf(context) : new Promise<IpcResult<Lookup>>(() => {})), {
    enabled: !!lookupOf && scope.ready
  });
  const missing = !!d.missing && load.status === 'rejected' && load.error?.status === d.missing.status;
  const status = missing ? 'resolved' : load.status;
  const record = load.status === 'resolved' ? load.data : null;
  const content = scope.frame(
    <DataState status={status} errorTitle={d.messages.loadFailed} errorDetail={load.error?.message} empty={false} onRetry={load.reload} level={d.screen ? 'h2' : 'h3'}>
      {status === 'resolved' ? (
        <RecordForm
          // Another scope is another record: its form starts from what is stored there.
          key={JSON.stringify(scope.value)}
          descriptor={d}
          initial={record === null ? d.blank : d.valuesOf(record)}
          notice={missing ? d.missing?.notice : undefined}
          context={context}
          lookup={lookup}
          onSaved={(saved) => load.update(() => saved)}
        />
      ) : null}
    </DataState>
  );
  if (d.screen) {
    return (
      <SettingsPage title={settingsTitle(d.screen)} description={d.description}>
        {content}
      </SettingsPage>
    );
  }
  return (
    <SettingsSection title={d.title}>
      {d.description ? <Body1 className={styles.description}>{d.description}</Body1> : null}
      {content}
    </SettingsSection>
  );
}

function RecordForm<Rec, Values extends object, Body, Lookup>({
  descriptor: d,
  initial,
  notice,
  context,
  lookup,
  onSaved
}: {
  descriptor: RecordScreenDescriptor<Rec, Values, Body, Lookup>;
  initial: Values;
  notice: string | undefined;
  context: RecordContext;
  lookup: Load<Lookup>;
  onSaved(record: Rec): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<Values>(initial);
  const [saving, setSaving] = useState(false);
  const [stored, setStored] = useState(notice === undefined);
  const check = () => d.check(form.values);
  /** The values a save was refused with: the form-wide reason shows until the user changes something. */
  const [refusedWith, setRefusedWith] = useState<Values | null>(null);
  const problem = refusedWith === form.values ? (form.formError ?? form.error('')) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setRefusedWith(form.values);
    const data = form.accept(check());
    if (data === null) return;
    setSaving(true);
    const result = await d.save(data, context);
    setSaving(false);
    if (!result.ok) {
      form.refused(result.error, d.refusal);
      notify.error(d.messages.updateFailed);
      return;
    }
    onSaved(result.data);
    form.reset(d.valuesOf(result.data));
    setStored(true);
    notify.success(d.messages.updated);
  }

  return (
    <>
      <UnsavedChangesGuard when={form.dirty} />
      <form className={styles.form} onSubmit={(e) => void submit(e)} onBlur={onFieldBlur((field) => form.blurred(field, check()))} noValidate aria-label={d.title}>
      {!stored && notice ? (
        <MessageBar className={styles.wide} intent="info">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      ) : null}
      {problem ? (
        <MessageBar className={styles.wide} intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      ) : null}
      <ScreenFields rows={d.fields} form={form} lookup={lookup} />
      <div className={styles.actions}>
        <SubmitButton label={SETTINGS_TEXT.save} submitting={saving} />
      </div>
    </form>
    </>
  );
}
