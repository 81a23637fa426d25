import { useState } from 'react';
import type { IpcResult } from '../../../shared/ipc';
import { useNotify } from '../../app/toasts';
import { confirmed } from './settings-client';
import type { SettingsLoad } from './use-settings-load';

/** What the create/edit dialog of a list is doing: a new item, or an existing one. */
export type Editing<T> = { mode: 'create' } | { mode: 'edit'; item: T };

export interface SettingsListOptions<T> {
  /** The item's id: an update replaces by it, a delete removes by it (SPEC §4). */
  key(item: T): number | string;
  /** Where a created item goes (SPEC §4): the top (reasons, pause events, splits, users, e-mails) or the end (contacts, templates). */
  created: 'prepend' | 'append';
  /** How a created item enters the list (a split: with no schedules nor derivations yet). */
  asCreated?(item: T): T;
  /** How an update's answer changes the row; by default it replaces it. */
  merge?(current: T, saved: T): T;
  /** The delete call: the row goes only when the platform confirms it (SPEC §5: true or { success: true }). */
  remove(item: T): Promise<IpcResult<unknown>>;
  /** What else a confirmed delete changes (the derivations towards a deleted split). */
  afterRemove?(item: T): void;
  /** The SPEC §8 toasts of a delete. */
  messages: { deleted: string; deleteFailed: string };
}

export interface SettingsList<T> {
  /** The loaded list; empty while pending and after a failure. */
  items: T[];
  /** The create/edit dialog's subject; null while it is closed. */
  editing: Editing<T> | null;
  create(): void;
  edit(item: T): void;
  closeEditor(): void;
  /** The dialog's saved item: added (top or end) when it was created, in place of its row when edited. */
  saved(item: T): void;
  /** An item changed outside the dialog (an active switch): in place of its row. */
  replace(item: T): void;
  /** The item whose delete is being confirmed, and why the last attempt failed (the platform's words). */
  deleting: T | null;
  deleteError: string | null;
  askDelete(item: T): void;
  cancelDelete(): void;
  /** Deletes `deleting`: removed and toasted when confirmed; otherwise the dialog stays with the reason. */
  confirmDelete(): Promise<void>;
}

/**
 * A settings list and its writes (SPEC §4 "Lists"): the loaded rows, the create/edit dialog's
 * subject, the row the user is asked about before a delete and why that delete failed. The page
 * keeps its columns, its dialog and its texts.
 */
export function useSettingsList<T>(load: Pick<SettingsLoad<T[]>, 'data' | 'update'>, options: SettingsListOptions<T>): SettingsList<T> {
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { key, merge = (_current: T, saved: T) => saved } = options;
  const same = (item: T) => (other: T) => key(other) === key(item);

  function replace(item: T) {
    load.update((list) => list.map((row) => (same(item)(row) ? merge(row, item) : row)));
  }

  function saved(item: T) {
    if (editing?.mode !== 'create') return replace(item);
    const entry = options.asCreated ? options.asCreated(item) : item;
    load.update((list) => {
      const others = list.filter((row) => !same(item)(row));
      return options.created === 'prepend' ? [entry, ...others] : [...others, entry];
    });
  }

  async function confirmDelete() {
    if (deleting === null) return;
    const item = deleting;
    const result = await options.remove(item);
    if (result.ok && confirmed(result.data)) {
      load.update((list) => list.filter((row) => !same(item)(row)));
      options.afterRemove?.(item);
      notify.success(options.messages.deleted);
      setDeleting(null);
      return;
    }
    notify.error(options.messages.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  return {
    items: load.data ?? [],
    editing,
    create: () => setEditing({ mode: 'create' }),
    edit: (item) => setEditing({ mode: 'edit', item }),
    closeEditor: () => setEditing(null),
    saved,
    replace,
    deleting,
    deleteError,
    askDelete: (item) => {
      setDeleteError(null);
      setDeleting(item);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete
  };
}
