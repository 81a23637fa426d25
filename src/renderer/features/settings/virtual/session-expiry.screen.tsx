import { useMemo } from 'react';
import { MSG } from '../../../../shared/messages';
import { SESSION_EXPIRY_KINDS, UpdateSessionExpiration, type SessionExpirationType, type SessionExpiryKind } from '../../../../shared/domain/session-expiry';
import type { IpcResult } from '../../../../shared/ipc';
import { settingsTitle } from '../../../../shared/settings-screens';
import { checkWith, numberFrom } from '../../../components/settings/form';
import { RecordScreen, recordScreen } from '../../../components/settings/RecordScreen';
import { useScopePicker } from '../../../components/settings/ScopePicker';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SESSION_EXPIRY_TEXT as T } from './texts';

/** The virtual agent (and, for roles 1–2, the organisation) whose types are edited. */
export interface ExpiryScope {
  idOrg: number | null;
  idVa: number;
}

/** The type of `kind` out of the virtual agent's list (the platform answers both). */
function typeOf(result: IpcResult<readonly SessionExpirationType[]>, kind: SessionExpiryKind): IpcResult<SessionExpirationType> {
  if (!result.ok) return result;
  const type = result.data.find((t) => t.kind === kind);
  return type ? { ok: true, data: type } : { ok: false, error: { status: 404, message: T.missing } };
}

/**
 * One session-expiry type of a virtual agent as a record of the kit: its closing time and its
 * message, saved together (updateSessionExpirationType); the engine applies them from its next sweep.
 */
export function sessionExpiryRecord(kind: SessionExpiryKind, scope: ExpiryScope) {
  const { idOrg, idVa } = scope;
  return recordScreen({
    title: T.kinds[kind].title,
    description: T.kinds[kind].description,
    calls: { load: 'sessionExpirationTypes', save: 'updateSessionExpirationType' },
    load: async () => typeOf(await callSettings('sessionExpirationTypes', { query: { idVa }, idOrg }), kind),
    blank: { idSessionExpirationType: 0, closingTime: '', clientMessage: '' },
    valuesOf: (t: SessionExpirationType) => ({ idSessionExpirationType: t.idSessionExpirationType, closingTime: String(t.closingTime), clientMessage: t.clientMessage }),
    check: (values) =>
      checkWith(UpdateSessionExpiration, {
        idVa,
        idSessionExpirationType: values.idSessionExpirationType,
        clientMessage: values.clientMessage,
        closingTime: numberFrom(values.closingTime)
      }),
    fields: [
      { kind: 'text', name: 'closingTime', label: T.closingTime, hint: T.closingTimeHint, required: true },
      { kind: 'textarea', name: 'clientMessage', label: T.clientMessage, hint: T.clientMessageHint, rows: 3, required: true, wide: true }
    ],
    save: (body) => callSettings('updateSessionExpirationType', { body, idOrg }),
    messages: MSG.sessionExpiry
  });
}

/**
 * SPEC §2 configuracion/asesor-virtual/expiracion-sesion: the virtual agent chosen (and the
 * organisation, for roles 1–2), then its two types, each a record of its own: with the assistant
 * and with an agent.
 */
export function SessionExpiryScreen() {
  const scope = useScopePicker({ organization: true, virtualAgent: true });
  const { idOrg, idVa } = scope.value;
  const records = useMemo(() => (idVa === null ? [] : SESSION_EXPIRY_KINDS.map((kind) => ({ kind, descriptor: sessionExpiryRecord(kind, { idOrg, idVa }) }))), [idOrg, idVa]);
  return (
    <SettingsPage title={settingsTitle('sessionExpiry')} description={T.intro}>
      {scope.frame(
        <>
          {records.map(({ kind, descriptor }) => (
            // Another virtual agent is another record: its form loads and starts again.
            <RecordScreen key={`${idOrg ?? 'own'}-${idVa}-${kind}`} descriptor={descriptor} />
          ))}
        </>
      )}
    </SettingsPage>
  );
}
