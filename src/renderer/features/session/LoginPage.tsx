import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Button, MessageBar, MessageBarBody, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { LdapSignInOffer } from '../../../shared/domain/ldap';
import type { IpcError, IpcResult, SessionView } from '../../../shared/ipc';
import { SubmitButton, TextField } from '../../components/TextField';
import { useShowBanner } from '../../app/banners';
import { loginAtom, loginLdapAtom } from './actions';
import { loginErrorMessage } from './login-error';
import { validateLdapLogin, validateLogin, type FieldErrors, type LdapLoginValues, type LoginValues } from './validation';
import { AuthCard } from './AuthCard';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }
});

export const LOCKED_NOTE = 'Esta cuenta está bloqueada. Comuníquese con un Administrador para desbloquearla.';
export const LDAP_SWITCH_LABEL = 'Iniciar sesión con directorio (LDAP)';
export const LDAP_USERNAME_LABEL = 'Usuario del directorio';
export const LDAP_ORGANISATION_LABEL = 'Entidad';
export const LDAP_ORGANISATION_HINT = 'El nombre de su entidad, como se lo indicó su administrador';

type Values = LoginValues & LdapLoginValues;
type Errors = FieldErrors<keyof Values>;

const EMPTY: Values = { email: '', password: '', username: '', organization: '' };
const NOT_OFFERED: LdapSignInOffer = { offered: false, organisationRequired: false };

/**
 * The sign-in: e-mail and password, or — where an organisation has its LDAP directory enabled —
 * the directory's user name and password (SPEC §6 'loginbepro'). The directory choice starts off on
 * every visit, so a sign-out always comes back to the normal sign-in. Which organisations have a
 * directory is never shown (nor told to the page): when several have one the person types the name
 * of theirs, and a name that is not one answers as a wrong password does. Either way the same
 * SPEC §8 answers: 401 'Usuario o contraseña inválidos', 403 locked.
 */
export function LoginPage() {
  const styles = useStyles();
  const login = useSetAtom(loginAtom);
  const loginLdap = useSetAtom(loginLdapAtom);
  const showBanner = useShowBanner();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [locked, setLocked] = useState(false);
  const [offer, setOffer] = useState<LdapSignInOffer>(NOT_OFFERED);
  const [ldap, setLdap] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const organisationRef = useRef<HTMLInputElement>(null);

  // Whether directory sign-in is offered; not offered (or no answer): the page is the normal sign-in only.
  useEffect(() => {
    let live = true;
    void window.atiende.session.ldapSignInOffer().then((result) => {
      if (live && result.ok) setOffer(result.data);
    });
    return () => {
      live = false;
    };
  }, []);

  const change = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function chooseLdap(on: boolean) {
    setLdap(on);
    setErrors({});
    setLocked(false);
    setValues((v) => ({ ...v, password: '' }));
  }

  /** The form's values checked, or null (the errors shown, the first wrong field focused). */
  function checked(): (() => Promise<IpcResult<SessionView>>) | null {
    if (!ldap) {
      const result = validateLogin({ email: values.email, password: values.password });
      if (result.ok) return () => login(result.data);
      setErrors(result.errors);
      (result.errors.email ? nameRef : passwordRef).current?.focus();
      return null;
    }
    const result = validateLdapLogin({ username: values.username, password: values.password, organization: values.organization }, offer.organisationRequired);
    if (result.ok) return () => loginLdap(result.data);
    setErrors(result.errors);
    if (result.errors.organization) organisationRef.current?.focus();
    else if (result.errors.username) nameRef.current?.focus();
    else if (result.errors.password) passwordRef.current?.focus();
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || locked) return;
    const send = checked();
    if (!send) return;
    setErrors({});
    setSubmitting(true);
    const result = await send();
    setSubmitting(false);
    if (result.ok) return;
    refused(result.error);
  }

  function refused(error: IpcError) {
    const { text, locked: isLocked } = loginErrorMessage(error);
    showBanner({ intent: 'error', text });
    // The typed name stays; the password is cleared so it is typed again.
    setValues((v) => ({ ...v, password: '' }));
    if (isLocked) setLocked(true);
    else passwordRef.current?.focus();
  }

  function useAnotherAccount() {
    setLocked(false);
    setValues(EMPTY);
    setTimeout(() => nameRef.current?.focus(), 0);
  }

  const disabled = submitting || locked;

  return (
    <AuthCard title="Iniciar sesión">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Iniciar sesión">
        {offer.offered && <Switch label={LDAP_SWITCH_LABEL} checked={ldap} disabled={submitting} onChange={(_, d) => chooseLdap(d.checked)} />}
        {ldap && offer.organisationRequired && (
          <TextField
            key="organization"
            label={LDAP_ORGANISATION_LABEL}
            hint={LDAP_ORGANISATION_HINT}
            name="organization"
            autoComplete="organization"
            inputRef={organisationRef}
            value={values.organization}
            onChange={change('organization')}
            error={errors.organization}
            disabled={disabled}
          />
        )}
        {ldap ? (
          <TextField
            key="username"
            label={LDAP_USERNAME_LABEL}
            name="username"
            autoComplete="username"
            inputRef={nameRef}
            value={values.username}
            onChange={change('username')}
            error={errors.username}
            disabled={disabled}
          />
        ) : (
          <TextField
            key="email"
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="username"
            inputRef={nameRef}
            value={values.email}
            onChange={change('email')}
            error={errors.email}
            disabled={disabled}
          />
        )}
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
