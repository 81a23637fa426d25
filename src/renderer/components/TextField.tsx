import type { Ref } from 'react';
import { Button, Field, Input, Spinner, type InputProps } from '@fluentui/react-components';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** The Spanish validation message to show under the field; the field is marked invalid while set. */
  error?: string;
  hint?: string;
  type?: InputProps['type'];
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Drawn inside the box before the text (the colour fields' native picker). */
  contentBefore?: InputProps['contentBefore'];
}

/** One labelled text input with its validation message: the field every form of the app uses. */
export function TextField({ label, name, value, onChange, error, hint, type = 'text', autoComplete, required = true, disabled, inputRef, contentBefore }: TextFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        ref={inputRef}
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(_, d) => onChange(d.value)}
        disabled={disabled}
        contentBefore={contentBefore}
      />
    </Field>
  );
}

/** A form's primary submit button, with a spinner while the form is being sent. */
export function SubmitButton({ label, submitting, disabled }: { label: string; submitting: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" appearance="primary" disabled={disabled ?? submitting} icon={submitting ? <Spinner size="tiny" aria-hidden /> : undefined}>
      {label}
    </Button>
  );
}
