import { useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SubmitButton, TextField } from '../../components/TextField';
import { landingPath } from '../../../shared/menus';
import { MSG } from '../../../shared/messages';
import { useNotify } from '../../app/toasts';
import { useTrackLoading } from '../../app/loading';
import { currentUserAtom, passwordCheckAtom } from './atoms';
import { logoutAtom, passwordChangedAtom } from './actions';
import { validatePasswordChange, type FieldErrors, type PasswordChangeValues } from './validation';
import { AuthCard } from './AuthCard';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }
});

export const PASSWORD_RULE_HINT = 'Mínimo 8 caracteres, con al menos una letra y un número.';
export const EXPIRED_NOTE = 'Su contraseña ha expirado. Para continuar, defina una nueva contraseña.';

type Key = keyof PasswordChangeValues;

export function ChangePasswordPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const track = useTrackLoading();
  const user = useAtomValue(currentUserAtom);
  const forced = useAtomValue(passwordCheckAtom).changePassword === true;
  const passwordChanged = useSetAtom(passwordChangedAtom);
  const logout = useSetAtom(logoutAtom);
  const [values, setValues] = useState<PasswordChangeValues>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = { current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  const change = (field: Key) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !user) return;
    const checked = validatePasswordChange(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['current', 'next', 'confirm'] as const).find((k) => checked.errors[k]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await track(window.atiende.session.changePassword(checked.data));
    setSubmitting(false);
    // The main process applies SPEC §5 (the server's reply text decides); ok means updated.
    if (result.ok) {
      notify.success(MSG.session.passwordUpdated);
      passwordChanged();
      navigate(landingPath(user.role), { replace: true });
      return;
    }
    if (!result.ok && result.error.message === MSG.session.currentPasswordInvalid) {
      // Shown in place; what the user typed stays so it can be corrected.
      setErrors({ current: MSG.session.currentPasswordInvalid });
      refs.current.current?.focus();
      return;
    }
    notify.error(result.error.message || MSG.session.passwordUpdateFailed);
  }

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  const field = (key: Key, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={key}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      inputRef={refs[key]}
      value={values[key]}
      onChange={change(key)}
      error={errors[key]}
      disabled={submitting}
    />
  );

  return (
    <AuthCard title="Cambiar contraseña">
      {forced && <Text>{EXPIRED_NOTE}</Text>}
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Cambiar contraseña">
        {field('current', 'Contraseña actual', 'current-password')}
        {field('next', 'Nueva contraseña', 'new-password', PASSWORD_RULE_HINT)}
        {field('confirm', 'Confirmar nueva contraseña', 'new-password')}
        <div className={styles.actions}>
          <SubmitButton label="Actualizar contraseña" submitting={submitting} />
          {!forced && user && (
            <Button type="button" appearance="secondary" onClick={() => navigate(landingPath(user.role))}>
              Cancelar
            </Button>
          )}
          <Button type="button" appearance="secondary" onClick={() => void signOut()}>
            Cerrar sesión
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
