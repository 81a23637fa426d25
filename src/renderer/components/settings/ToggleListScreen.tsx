import { useState } from 'react';
import { Caption1, MessageBar, MessageBarBody, Switch, makeStyles, tokens } from '@fluentui/react-components';
import type { IpcResult } from '../../../shared/ipc';
import type { SettingsCall } from '../../../shared/settings-calls';
import { settingsTitle, type SettingsScreenId } from '../../../shared/settings-screens';
import { useNotify } from '../../app/toasts';
import { DataState } from '../DataState';
import { useLoad } from '../use-load';
import { useScopePicker, type ScopeSpec, type ScopeValue } from './ScopePicker';
import { SettingsPage } from './SettingsPage';
import { SETTINGS_TEXT } from './texts';

/** What a toggle list's calls know besides their own data: the scope chosen. */
export interface ToggleListContext {
  scope: ScopeValue;
}

/**
 * A list of on/off switches, each saved by itself the moment it is flipped (the features of a
 * virtual agent): its two calls, how an item reads and its texts. The kit's `ToggleListScreen` draws
 * it — the scope, loading, empty and error states, one labelled switch per item (a native checkbox
 * with role switch: Tab and Space), the switch moved at once and disabled while its save runs, put
 * back with the platform's reason when the save is refused, the toasts.
 */
export interface ToggleListDescriptor<Item> {
  /** Its <h1> and route come from settings-screens.ts. */
  screen: SettingsScreenId;
  description?: string;
  scope?: ScopeSpec;
  /** The catalogue entries the functions below send. */
  calls: { load: SettingsCall; save: SettingsCall };
  load(context: ToggleListContext): Promise<IpcResult<readonly Item[]>>;
  key(item: Item): number | string;
  /** The switch's label. */
  label(item: Item): string;
  /** A line under the switch saying what it does. */
  hint?(item: Item): string | undefined;
  checked(item: Item): boolean;
  /** Saves one switch; the answer is the item as stored. */
  save(item: Item, checked: boolean, context: ToggleListContext): Promise<IpcResult<Item>>;
  texts: { list: string; emptyDetail?: string };
  /** The SPEC §8 load error and save toasts. */
  messages: { loadFailed: string; updated: string; updateFailed: string };
}

/** Declares a toggle list screen (features/settings/<area>/<screen>.screen.tsx): the descriptor itself, typed. */
export function toggleListScreen<Item>(descriptor: ToggleListDescriptor<Item>): ToggleListDescriptor<Item> {
  return descriptor;
}

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1
  },
  hint: { color: tokens.colorNeutralForeground3, paddingLeft: '44px' }
});

export function ToggleListScreen<Item>({ descriptor: d }: { descriptor: ToggleListDescriptor<Item> }) {
  const styles = useStyles();
  const notify = useNotify();
  const scope = useScopePicker(d.scope);
  const context: ToggleListContext = { scope: scope.value };
  const load = useLoad(JSON.stringify([d.calls.load, scope.value]), () => d.load(context), { enabled: scope.ready });
  /** The switches whose save is under way, by key. */
  const [saving, setSaving] = useState<ReadonlySet<number | string>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = load.data ?? [];

  const replace = (key: number | string, item: Item) => load.update((list) => list.map((i) => (d.key(i) === key ? item : i)));

  async function flip(item: Item, checked: boolean) {
    const key = d.key(item);
    if (saving.has(key)) return;
    setRefusal(null);
    setSaving((s) => new Set(s).add(key));
    // Moved at once; put back if the platform refuses.
    const before = item;
    const result = await d.save(item, checked, context);
    setSaving((s) => {
      const next = new Set(s);
      next.delete(key);
      return next;
    });
    if (result.ok) {
      replace(key, result.data);
      notify.success(d.messages.updated);
    } else {
      replace(key, before);
      setRefusal(SETTINGS_TEXT.toggleRefused(d.label(item), result.error.message));
      notify.error(d.messages.updateFailed);
    }
  }

  return (
    <SettingsPage title={settingsTitle(d.screen)} description={d.description}>
      {scope.frame(
        <DataState status={load.status} errorTitle={d.messages.loadFailed} errorDetail={load.error?.message} empty={items.length === 0} emptyDetail={d.texts.emptyDetail} onRetry={load.reload} level="h2">
          {refusal ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{refusal}</MessageBarBody>
            </MessageBar>
          ) : null}
          <ul className={styles.list} aria-label={d.texts.list}>
            {items.map((item) => (
              <ToggleRow key={String(d.key(item))} descriptor={d} item={item} busy={saving.has(d.key(item))} onFlip={(checked) => void flip(item, checked)} hintClass={styles.hint} itemClass={styles.item} />
            ))}
          </ul>
        </DataState>
      )}
    </SettingsPage>
  );
}

function ToggleRow<Item>({ descriptor: d, item, busy, onFlip, hintClass, itemClass }: { descriptor: ToggleListDescriptor<Item>; item: Item; busy: boolean; onFlip(checked: boolean): void; hintClass: string; itemClass: string }) {
  // While its save runs the switch shows where it is going.
  const [pending, setPending] = useState<boolean | null>(null);
  const stored = d.checked(item);
  const checked = busy && pending !== null ? pending : stored;
  const hint = d.hint?.(item);
  const hintId = `toggle-hint-${String(d.key(item))}`;
  return (
    <li className={itemClass} data-testid={`toggle-row-${String(d.key(item))}`}>
      <Switch
        label={d.label(item)}
        checked={checked}
        disabled={busy}
        aria-describedby={hint ? hintId : undefined}
        onChange={(_, data) => {
          setPending(data.checked);
          onFlip(data.checked);
        }}
      />
      {hint ? (
        <Caption1 id={hintId} className={hintClass}>
          {hint}
        </Caption1>
      ) : null}
    </li>
  );
}
