import { useState, type FocusEvent } from 'react';
import type { IpcError } from '../../../shared/ipc';
import { afterBlur, changed, prefixedField, refusedField, type FieldErrors, type FormCheck } from './form';

/** Where a platform refusal goes: a 409 for a name or a code in use, or any refusal of a status, under a field. */
export interface RefusalFields {
  name?: string;
  code?: string;
  /** By status: 422 → 'email' (the e-mail of a user already taken). */
  byStatus?: Readonly<Record<number, string>>;
}

export interface SettingsForm<V> {
  values: V;
  /** Changes some fields; their messages go until the next check. */
  change(patch: Partial<V>): void;
  set<K extends keyof V>(key: K, value: V[K]): void;
  /** The message under a field, if any. */
  error(field: string): string | undefined;
  /** A refusal that is not one field's (the platform's words), shown above the fields. */
  formError: string | undefined;
  /** Whether the values differ from those the form started with (the unsaved-edits question). */
  dirty: boolean;
  /**
   * Before a save: the checked data, or null with the messages under their fields — the schema's
   * (a zod safeParse through `checkWith`) and `extra`, rules the schema does not hold (a name taken).
   */
  accept<T>(check: FormCheck<T>, extra?: FieldErrors): T | null;
  /**
   * A platform refusal (4xx): a 409 for a name or code in use goes under the field `fields` names
   * for it, a refusal that names one of the form's fields ('email: …') under that field; anything
   * else above the fields.
   */
  refused(error: IpcError, fields?: RefusalFields): void;
  /** The user left `field`: what a submit would say under it (`extra` first), else what it showed. */
  blurred(field: string, check: FormCheck<unknown>, extra?: FieldErrors): void;
  /** After a save: the form starts again from `values` (what the platform stored), nothing unsaved. */
  reset(values: V): void;
}

/**
 * A form's onBlur: focus leaving a field (blur bubbles as React's focusout) calls `left` with the
 * field's `name`; controls without a name (buttons, popups) are ignored.
 */
export function onFieldBlur(left: (field: string) => void): (e: FocusEvent<HTMLFormElement>) => void {
  return (e) => {
    const field = e.target.getAttribute('name');
    if (field) left(field);
  };
}

/**
 * The state of a settings form: what is typed, the Spanish message under each field (from the
 * catalogue schema, from rules the page adds, from the platform's refusal) and whether anything is
 * unsaved. A refused save keeps everything typed.
 */
export function useSettingsForm<V extends object>(initial: V | (() => V)): SettingsForm<V> {
  const [start, setStart] = useState<V>(initial);
  const [values, setValues] = useState<V>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function change(patch: Partial<V>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, ''])) }));
  }

  return {
    values,
    change,
    set(key, value) {
      const patch: Partial<V> = {};
      patch[key] = value;
      change(patch);
    },
    error: (field) => errors[field] || undefined,
    formError,
    dirty: changed(start, values),
    accept(check, extra = {}) {
      setFormError(undefined);
      if (check.ok && Object.keys(extra).length === 0) return check.data;
      setErrors({ ...(check.ok ? {} : check.errors), ...extra });
      return null;
    },
    refused(error, fields = {}) {
      const kind = refusedField(error);
      const field = (kind ? fields[kind] : undefined) ?? fields.byStatus?.[error.status];
      const named = prefixedField(error.message, Object.keys(values));
      if (field) setErrors((e) => ({ ...e, [field]: named?.field === field ? named.message : error.message }));
      else if (named) setErrors((e) => ({ ...e, [named.field]: named.message }));
      else setFormError(error.message);
    },
    blurred(field, check, extra = {}) {
      setErrors((e) => {
        const next = afterBlur(e, check, field);
        return extra[field] ? { ...next, [field]: extra[field] } : next;
      });
    },
    reset(next) {
      setStart(next);
      setValues(next);
      setErrors({});
      setFormError(undefined);
    }
  };
}
