import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SubmitButton, TextField } from '../../components/TextField';
import { useShowBanner } from '../../app/banners';
import { loginAtom } from './actions';
import { loginErrorMessage } from './login-error';
import { validateLogin, type FieldErrors, type LoginValues } from './validation';
import { AuthCard } from './AuthCard';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }
});

export const LOCKED_NOTE = 'Esta cuenta está bloqueada. Comuníquese con un Administrador para desbloquearla.';

export function LoginPage() {
  const styles = useStyles();
  const login = useSetAtom(loginAtom);
  const showBanner = useShowBanner();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [submitting, setSubmitting] = useState(false);
  const [locked, setLocked] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || locked) return;
    const checked = validateLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await login(checked.data);
    setSubmitting(false);
    if (result.ok) return;
    const { text, locked: isLocked } = loginErrorMessage(result.error);
    showBanner({ intent: 'error', text });
    // The typed e-mail stays; the password is cleared so it is typed again.
    setValues((v) => ({ ...v, password: '' }));
    if (isLocked) setLocked(true);
    else passwordRef.current?.focus();
  }

  function useAnotherAccount() {
    setLocked(false);
    setValues({ email: '', password: '' });
    setTimeout(() => emailRef.current?.focus(), 0);
  }

  const disabled = submitting || locked;

  return (
    <AuthCard title="Iniciar sesión">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Iniciar sesión">
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="username"
          inputRef={emailRef}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          disabled={disabled}
        />
        <TextField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="current-password"
          inputRef={passwordRef}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          disabled={disabled}
        />
        {locked && (
          <MessageBar intent="warning" role="status">
            <MessageBarBody>
              <Text>{LOCKED_NOTE}</Text>
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <SubmitButton label="Ingresar" submitting={submitting} disabled={disabled} />
          {locked && (
            <Button type="button" appearance="secondary" onClick={useAnotherAccount}>
              Ingresar con otra cuenta
            </Button>
          )}
        </div>
      </form>
    </AuthCard>
  );
}
