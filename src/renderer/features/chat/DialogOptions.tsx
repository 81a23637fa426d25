import type { ReactNode } from 'react';
import { Body1, Button, Field, Select, Spinner } from '@fluentui/react-components';
import type { LoadState } from '../../app/load-state';
import { CHAT_TEXT } from './texts';

/**
 * The options a console dialog loads (pause events, transfer splits, reasons): a spinner while
 * they load, a retry button if they failed, `emptyText` when there are none, else `children`.
 */
export function LoadedOptions<T>({
  state,
  onRetry,
  emptyText,
  children
}: {
  state: LoadState<T>;
  onRetry(): void;
  /** Omit when the dialog shows the empty case itself. */
  emptyText?: string;
  children: ReactNode;
}) {
  if (state.status === 'pending' || state.status === 'idle') return <Spinner size="small" label={CHAT_TEXT.loadingOptions} />;
  if (state.status === 'rejected') return <Button onClick={onRetry}>{CHAT_TEXT.retry}</Button>;
  if (emptyText !== undefined && Array.isArray(state.data) && state.data.length === 0) return <Body1>{emptyText}</Body1>;
  return <>{children}</>;
}

/** A required single choice ('Seleccione…' first), with its validation message. */
export function ChoiceField({
  label,
  value,
  options,
  error,
  hint,
  disabled,
  onChange
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
  hint?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field label={label} required hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Select value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)}>
        <option value="">{CHAT_TEXT.choose}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
