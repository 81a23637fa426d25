import { useMemo, useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';

import { SupervisedAgentStatus } from '../../../../shared/api/agent-supervision';
import type { AgentConnectionState } from '../../../../shared/domain/chat';
import type { PauseEvent } from '../../../../shared/domain/parameters';
import type { AgentSplit } from '../../../../shared/domain/split';
import type { Agent } from '../../../../shared/domain/user';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import { agentStatusLabel } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { Role } from '../../../../shared/roles';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { useLiveReload } from '../../../components/use-live-reload';
import { AgentSplitsDialog } from './AgentSplitsDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SelectField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { settingsTitle } from '../../../../shared/settings-screens';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { AGENTS_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsLoad, type SettingsLoad } from '../../../components/settings/use-settings-load';

const useStyles = makeStyles({
  chips: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' }
});

interface AgentRow {
  agent: Agent;
  state: AgentConnectionState | null;
  links: AgentSplit[];
}

/** The name, with 'supervisor' for a human-agent supervisor and 'inactivo' for an inactive account. */
function agentName(agent: Agent): string {
  const notes = [agent.role === Role.SupervisorAsesorHumano ? AGENTS_TEXT.supervisor : null, agent.isActive ? null : AGENTS_TEXT.inactive].filter((n) => n !== null);
  return notes.length === 0 ? agent.name : `${agent.name} (${notes.join(', ')})`;
}

function stateText(state: AgentConnectionState | null): string {
  if (!state) return AGENTS_TEXT.unknownState;
  const label = agentStatusLabel(state.estado);
  return state.eventoPausa ? `${label} — ${state.eventoPausa}` : label;
}

/**
 * SPEC §2 configuracion/asesor-humano/asesores: the organisation's human agents, the splits each
 * answers (obtenerSplitUsuarios, crearSplitUsuario, borrarSplitUsuario) and their live state, which
 * follows the chat engine ('agents' notices from the monitor link, no polling). A supervisor puts
 * an agent who walked away in Pausa or Desconectado so he stops receiving chats.
 */
export function AgentsPage() {
  const styles = useStyles();
  // A settings page works in the session's organisation (the administered one under 'Administrar entidad').
  const live = useLiveReload('agents', null);
  const agents = useSettingsLoad('agents');
  const states = useSettingsLoad('agentConnectionStates', {}, { liveKey: live });
  const links = useSettingsLoad('agentSplits');
  const splits = useSettingsLoad('splits');
  const pauseEvents = useSettingsLoad('pauseEvents', { query: { alsoDeleted: false } });
  const [managing, setManaging] = useState<number | null>(null);
  const [changing, setChanging] = useState<number | null>(null);

  const rows = useMemo<AgentRow[]>(
    () =>
      [...(agents.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name, 'es'))
        .map((agent) => ({
          agent,
          state: states.data?.find((s) => s.idUser === agent.idUser) ?? null,
          links: (links.data ?? []).filter((l) => l.idUser === agent.idUser)
        })),
    [agents.data, states.data, links.data]
  );
  const splitName = (id: number) => splits.data?.find((s) => s.idSplit === id)?.nombre ?? String(id);
  const managed = rows.find((r) => r.agent.idUser === managing) ?? null;
  const changed = rows.find((r) => r.agent.idUser === changing) ?? null;

  const columns: DataColumn<AgentRow>[] = [
    { key: 'nombre', header: AGENTS_TEXT.agent, render: (r) => agentName(r.agent) },
    { key: 'email', header: AGENTS_TEXT.email, render: (r) => r.agent.email },
    {
      key: 'estado',
      header: AGENTS_TEXT.state,
      render: (r) => (states.status === 'rejected' ? '—' : stateText(r.state))
    },
    { key: 'desde', header: AGENTS_TEXT.since, render: (r) => (r.state ? formatDateTime(r.state.fechaEstado) : '') },
    { key: 'chats', header: AGENTS_TEXT.openChats, numeric: true, render: (r) => formatNumber(r.state?.chatsActivos ?? 0) },
    {
      key: 'splits',
      header: AGENTS_TEXT.splits,
      render: (r) =>
        r.links.length === 0
          ? AGENTS_TEXT.noSplits
          : (
              <span className={styles.chips}>
                {r.links.map((l) => (
                  <Badge key={l.idSplitUsuario} appearance="tint" color="informative">
                    {splitName(l.idSplit)}
                  </Badge>
                ))}
              </span>
            )
    },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (r) => (
        <div className={styles.actions}>
          <Button size="small" aria-label={AGENTS_TEXT.manageSplits(r.agent.name)} onClick={() => setManaging(r.agent.idUser)}>
            {AGENTS_TEXT.manageSplitsShort}
          </Button>
          <Button size="small" aria-label={AGENTS_TEXT.changeState(r.agent.name)} onClick={() => setChanging(r.agent.idUser)}>
            {AGENTS_TEXT.changeStateShort}
          </Button>
        </div>
      )
    }
  ];

  const status = agents.status === 'resolved' && links.status !== 'resolved' ? links.status : agents.status;
  return (
    <SettingsPage title={settingsTitle('agents')} description={AGENTS_TEXT.intro}>
      {states.status === 'rejected' ? (
        <DataState status="rejected" errorTitle={MSG.statistics.agentStatesLoadFailed} errorDetail={states.error?.message} empty={false} onRetry={states.reload} level="h2">
          {null}
        </DataState>
      ) : null}
      <DataState
        status={status}
        errorTitle={agents.status === 'rejected' ? MSG.statistics.agentsLoadFailed : MSG.splits.agentsLoadFailed}
        errorDetail={(agents.error ?? links.error)?.message}
        empty={rows.length === 0}
        onRetry={() => {
          agents.reload();
          links.reload();
        }}
        level="h2"
      >
        <DataTable caption={AGENTS_TEXT.list} captionHidden columns={columns} rows={rows} rowKey={(r) => String(r.agent.idUser)} />
      </DataState>
      {managed ? (
        <AgentSplitsDialog
          agent={managed.agent}
          links={managed.links}
          splits={splits}
          onClose={() => setManaging(null)}
          onAdded={(link) => links.update((list) => [...list, link])}
          onRemoved={(id) => links.update((list) => list.filter((l) => l.idSplitUsuario !== id))}
        />
      ) : null}
      {changed ? (
        <AgentStatusDialog
          row={changed}
          pauseEvents={pauseEvents}
          onClose={() => setChanging(null)}
          onSaved={(state) => states.update((list) => (list.some((s) => s.idUser === state.idUser) ? list.map((s) => (s.idUser === state.idUser ? state : s)) : [...list, state]))}
        />
      ) : null}
    </SettingsPage>
  );
}

/** The supervisor's action: Pausa (with an active pause event) or Desconectado; the agent stops receiving chats. */
function AgentStatusDialog({
  row,
  pauseEvents,
  onClose,
  onSaved
}: {
  row: AgentRow;
  pauseEvents: SettingsLoad<PauseEvent[]>;
  onClose(): void;
  onSaved(state: AgentConnectionState): void;
}) {
  const notify = useNotify();
  const [estado, setEstado] = useState<'' | 'Pausa' | 'Desconectado'>('');
  const [event, setEvent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const active = (pauseEvents.data ?? []).filter((e) => e.activo);

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    if (estado === '') {
      setErrors({ estado: AGENTS_TEXT.stateRequired });
      return false;
    }
    const check = checkWith(SupervisedAgentStatus, { idUser: row.agent.idUser, estado, idEventoPausa: estado === 'Pausa' && event !== '' ? numberFrom(event) : null });
    if (!check.ok) {
      setErrors(check.errors.idEventoPausa ? { idEventoPausa: AGENTS_TEXT.pauseEventRequired } : check.errors);
      return false;
    }
    const result = await callSettings('setAgentStatus', { body: check.data });
    if (!result.ok) {
      notify.error(MSG.agentSupervision.statusUpdateFailed);
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(MSG.agentSupervision.statusUpdated);
    return true;
  }

  return (
    <FormDialog
      title={AGENTS_TEXT.changeState(row.agent.name)}
      submitLabel={AGENTS_TEXT.apply}
      formError={formError}
      dirty={estado !== ''}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => {
        if (field === 'estado' && estado === '') setErrors((e) => ({ ...e, estado: AGENTS_TEXT.stateRequired }));
        if (field === 'idEventoPausa' && estado === 'Pausa' && event === '') setErrors((e) => ({ ...e, idEventoPausa: AGENTS_TEXT.pauseEventRequired }));
      }}
    >
      <SelectField
        label={AGENTS_TEXT.newState}
        name="estado"
        hint={AGENTS_TEXT.stateHint}
        value={estado}
        options={[
          { value: 'Pausa', label: AGENTS_TEXT.pause },
          { value: 'Desconectado', label: AGENTS_TEXT.disconnected }
        ]}
        onChange={(v) => {
          setEstado(v === 'Pausa' || v === 'Desconectado' ? v : '');
          setErrors({});
        }}
        error={errors.estado || undefined}
      />
      {estado === 'Pausa' ? (
        <SelectField
          label={AGENTS_TEXT.pauseEvent}
          name="idEventoPausa"
          value={event}
          options={active.map((e) => ({ value: String(e.id), label: e.nombre }))}
          onChange={(v) => {
            setEvent(v);
            setErrors({});
          }}
          error={
            errors.idEventoPausa ||
            (pauseEvents.status === 'rejected' ? MSG.pauseEvents.loadFailed : pauseEvents.status === 'resolved' && active.length === 0 ? AGENTS_TEXT.noPauseEvents : undefined)
          }
          disabled={pauseEvents.status !== 'resolved'}
        />
      ) : null}
    </FormDialog>
  );
}
