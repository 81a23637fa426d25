import { useMemo, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, Caption1, Card, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ANALYTICS_PAGES, type AnalyticsPageId } from '../../../shared/analytics-pages';
import type { LiveQueue } from '../../../shared/api/queue-supervision';
import type { IndicatorKind } from '../../../shared/constants';
import { INDICATOR_LABELS } from '../../../shared/constants';
import type { AgentConnectionState } from '../../../shared/domain/chat';
import { formatHms, formatNumber } from '../../../shared/format';
import { AGENT_STATUS_LABELS, agentStatusLabel } from '../../../shared/labels';
import { isPathAllowed } from '../../../shared/menus';
import type { RoleId } from '../../../shared/roles';
import { CHAT_QUEUE_PATH } from '../../../shared/supervision-pages';
import { AgentStatusBadge } from '../../components/AgentStatusBadge';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { IndicatorTile, tileText } from '../../components/IndicatorTile';
import type { LoadStatus } from '../../app/load-state';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { carryFilter, chosenRangeAtom, useFilterState } from '../analytics/filter';
import { useAnalyticsQuery } from '../analytics/use-analytics-query';
import { useLiveReload } from '../../components/use-live-reload';
import { currentUserAtom } from '../session/atoms';
import { secondsSince, supervisorAlerts, waitingBySplit, type SupervisorAlert } from './alerts';
import { change, comparisonWindows, windowQuery } from './comparison';
import { useNow } from '../../components/use-now';

const AGENTS_SETTINGS_PATH = '/configuracion/asesor-humano/asesores';

export const HOME_TEXT = {
  title: 'Analítica',
  today: 'Hoy hasta ahora',
  todayHint: 'Cada cifra frente a las mismas horas del mismo día de la semana pasada (hora de Bogotá).',
  lastWeek: 'Semana pasada',
  conversations: 'Conversaciones',
  escalated: 'Escalados a un asesor',
  attended: 'Atendidos',
  now: 'Ahora',
  queue: 'Chats en cola por split',
  split: 'Split',
  waiting: 'En cola',
  longest: 'Espera más larga',
  connected: 'Asesores conectados',
  open: 'Abierto',
  closed: 'Cerrado',
  agents: 'Asesores por estado',
  agent: 'Asesor',
  state: 'Estado',
  pause: 'Evento de pausa',
  inState: 'Tiempo en el estado',
  chats: 'Chats en curso / límite',
  alerts: 'Alertas',
  noAlerts: 'Sin alertas por ahora.',
  queueFailed: 'No fue posible consultar la cola de chats',
  agentsFailed: 'No fue posible consultar el estado de los asesores',
  act: { longWait: 'Asignar en la cola de chats', noAgents: 'Ver asesores', longPause: 'Ver asesores' }
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  tileLink: { display: 'flex', flex: '1 1 200px', minWidth: '200px', textDecoration: 'none', color: 'inherit', borderRadius: tokens.borderRadiusMedium },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  counts: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  count: { padding: tokens.spacingHorizontalM, minWidth: '140px' },
  alerts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' }
});


interface Figure {
  status: LoadStatus;
  value: number | null | undefined;
}

/** A figure today against last week, linking to the statistics page it comes from. */
function ComparisonTile({
  id,
  label,
  kind,
  today,
  lastWeek,
  page,
  allowed,
  idOrg
}: {
  id: string;
  label: string;
  kind?: IndicatorKind;
  today: Figure;
  lastWeek: Figure;
  page: AnalyticsPageId;
  allowed: boolean;
  idOrg: number | null;
}) {
  const styles = useStyles();
  const setRange = useSetAtom(chosenRangeAtom);
  const previous = tileText(id, lastWeek.status, lastWeek.value, kind);
  const moved = today.status === 'resolved' && lastWeek.status === 'resolved' ? change(today.value, lastWeek.value) : null;
  const arrow = moved === null || moved.delta === 0 ? '' : moved.delta > 0 ? '▲' : '▼';
  const detail = (
    <span>
      {HOME_TEXT.lastWeek}: {previous}
      {moved && moved.percent !== null ? (
        <span className={moved.delta >= 0 ? styles.up : styles.down}>
          {' '}
          {arrow} {formatNumber(Math.abs(moved.percent))} %
        </span>
      ) : null}
    </span>
  );
  const tile = <IndicatorTile id={id} label={label} kind={kind} status={today.status} value={today.value} detail={detail} />;
  if (!allowed) return tile;
  // The statistics page opens on today (the chosen range cleared) and the organisation in view: the same figure as the tile.
  return (
    <RouterLink className={styles.tileLink} to={ANALYTICS_PAGES[page].path} state={carryFilter(idOrg)} onClick={() => setRange(null)} aria-label={`${label}: ${tileText(id, today.status, today.value, kind)} (${HOME_TEXT.lastWeek.toLowerCase()}: ${previous}). Ver ${ANALYTICS_PAGES[page].title}`}>
      {tile}
    </RouterLink>
  );
}

function figure<T>(state: { status: LoadStatus; data: T | null }, pick: (data: T) => number | null): Figure {
  return { status: state.status, value: state.data ? pick(state.data) : null };
}

function TodayTiles({ idOrg, role }: { idOrg: number | null; role: RoleId }) {
  const styles = useStyles();
  const live = useLiveReload('chats', idOrg);
  // Up to the current minute whenever the tiles render (a live notice, an answer): the calls are
  // keyed by their query, so the windows move at most once a minute and never on a timer.
  const windows = comparisonWindows(new Date());
  const now = { idOrg, query: windowQuery(windows.today) };
  const before = { idOrg, query: windowQuery(windows.lastWeek) };
  const opts = { liveKey: live };
  const totals = [useAnalyticsQuery('interactionTotals', now, opts), useAnalyticsQuery('interactionTotals', before)] as const;
  const attended = [useAnalyticsQuery('attendedChatsShare', now, opts), useAnalyticsQuery('attendedChatsShare', before)] as const;
  const abandonment = [useAnalyticsQuery('abandonmentLevel', now, opts), useAnalyticsQuery('abandonmentLevel', before)] as const;
  const tmo = [useAnalyticsQuery('tmo', now, opts), useAnalyticsQuery('tmo', before)] as const;
  const tmAsignacion = [useAnalyticsQuery('tmAsignacion', now, opts), useAnalyticsQuery('tmAsignacion', before)] as const;
  const ns = [useAnalyticsQuery('satisfaction', now, opts), useAnalyticsQuery('satisfaction', before)] as const;
  const nps = [useAnalyticsQuery('netPromoterScore', now, opts), useAnalyticsQuery('netPromoterScore', before)] as const;
  const value = (d: { value: number | null }) => d.value;
  const pair = <T,>(states: readonly [{ status: LoadStatus; data: T | null }, { status: LoadStatus; data: T | null }], pick: (d: T) => number | null) => ({
    today: figure(states[0], pick),
    lastWeek: figure(states[1], pick)
  });
  const allowed = (page: AnalyticsPageId) => isPathAllowed(role, ANALYTICS_PAGES[page].path);
  const tiles: { id: string; label: string; kind?: IndicatorKind; page: AnalyticsPageId; figures: { today: Figure; lastWeek: Figure } }[] = [
    { id: 'Conversations', label: HOME_TEXT.conversations, kind: 'count', page: 'conversationsByChannel', figures: pair(totals, (d) => d.total) },
    { id: 'Escalated', label: HOME_TEXT.escalated, kind: 'count', page: 'escalatedChats', figures: pair(attended, (d) => d.total) },
    { id: 'AttendedChats', label: HOME_TEXT.attended, kind: 'percent', page: 'attentionIndicators', figures: pair(attended, (d) => d.percentage) },
    { id: 'NivelAbandono', label: INDICATOR_LABELS.NivelAbandono, page: 'attentionIndicators', figures: pair(abandonment, value) },
    { id: 'TMO', label: INDICATOR_LABELS.TMO, page: 'attentionIndicators', figures: pair(tmo, value) },
    { id: 'TMAsignacion', label: INDICATOR_LABELS.TMAsignacion, page: 'attentionIndicators', figures: pair(tmAsignacion, value) },
    { id: 'NS', label: INDICATOR_LABELS.NS, page: 'experienceIndicators', figures: pair(ns, value) },
    { id: 'NPS', label: INDICATOR_LABELS.NPS, page: 'experienceIndicators', figures: pair(nps, value) }
  ];
  return (
    <section className={styles.section} aria-labelledby="home-today">
      <Subtitle2 as="h2" id="home-today" className={styles.heading}>
        {HOME_TEXT.today} ({windows.today.until})
      </Subtitle2>
      <Caption1>{HOME_TEXT.todayHint}</Caption1>
      <div className={styles.tiles}>
        {tiles.map((t) => (
          <ComparisonTile key={t.id} id={t.id} label={t.label} kind={t.kind} page={t.page} allowed={allowed(t.page)} idOrg={idOrg} {...t.figures} />
        ))}
      </div>
    </section>
  );
}

type SplitRow = ReturnType<typeof waitingBySplit>[number] & { abierto: boolean; asesoresConectados: number };

function queueColumns(): DataColumn<SplitRow>[] {
  return [
    { key: 'split', header: HOME_TEXT.split, render: (s) => s.nombre },
    { key: 'estado', header: HOME_TEXT.state, render: (s) => (s.abierto ? HOME_TEXT.open : HOME_TEXT.closed) },
    { key: 'cola', header: HOME_TEXT.waiting, numeric: true, render: (s) => formatNumber(s.waiting) },
    { key: 'espera', header: HOME_TEXT.longest, render: (s) => (s.longest === null ? '' : formatHms(s.longest)) },
    { key: 'conectados', header: HOME_TEXT.connected, numeric: true, render: (s) => formatNumber(s.asesoresConectados) }
  ];
}

function agentColumns(nowMs: number, max: number | null): DataColumn<AgentConnectionState>[] {
  return [
    { key: 'nombre', header: HOME_TEXT.agent, render: (a) => a.nombre },
    { key: 'estado', header: HOME_TEXT.state, render: (a) => <AgentStatusBadge estado={a.estado} /> },
    { key: 'pausa', header: HOME_TEXT.pause, render: (a) => a.eventoPausa ?? '' },
    { key: 'tiempo', header: HOME_TEXT.inState, render: (a) => formatHms(secondsSince(a.fechaEstado, nowMs)) },
    { key: 'chats', header: HOME_TEXT.chats, render: (a) => (max === null ? formatNumber(a.chatsActivos) : `${formatNumber(a.chatsActivos)} / ${formatNumber(max)}`) }
  ];
}

function AlertList({ alerts, role, idOrg }: { alerts: SupervisorAlert[]; role: RoleId; idOrg: number | null }) {
  const styles = useStyles();
  const target = (alert: SupervisorAlert): string | null => {
    if (alert.kind === 'longWait') return isPathAllowed(role, CHAT_QUEUE_PATH) ? CHAT_QUEUE_PATH : null;
    if (isPathAllowed(role, AGENTS_SETTINGS_PATH)) return AGENTS_SETTINGS_PATH;
    return isPathAllowed(role, ANALYTICS_PAGES.agentStates.path) ? ANALYTICS_PAGES.agentStates.path : null;
  };
  if (alerts.length === 0) return <Body1>{HOME_TEXT.noAlerts}</Body1>;
  return (
    <ul className={styles.alerts}>
      {alerts.map((alert) => {
        const to = target(alert);
        return (
          <li key={alert.key}>
            <MessageBar intent={alert.kind === 'noAgents' ? 'error' : 'warning'}>
              <MessageBarBody>
                {alert.text}
                {to ? (
                  <>
                    {' '}
                    <RouterLink to={to} state={carryFilter(idOrg)}>
                      {HOME_TEXT.act[alert.kind]}
                    </RouterLink>
                  </>
                ) : null}
              </MessageBarBody>
            </MessageBar>
          </li>
        );
      })}
    </ul>
  );
}

function NowSection({ idOrg, role }: { idOrg: number | null; role: RoleId }) {
  const styles = useStyles();
  const chatsLive = useLiveReload('chats', idOrg);
  const agentsLive = useLiveReload('agents', idOrg);
  const nowMs = useNow();
  const queue = useAnalyticsQuery('liveQueue', { idOrg }, { liveKey: chatsLive + agentsLive });
  const agents = useAnalyticsQuery('agentConnectionStates', { idOrg, query: {} }, { liveKey: agentsLive + chatsLive });
  const data: LiveQueue | null = queue.data;
  const splits: SplitRow[] = useMemo(() => {
    if (!data) return [];
    const bySplit = new Map(data.splits.map((s) => [s.idSplit, s]));
    return waitingBySplit(data, nowMs).map((row) => ({ ...row, abierto: bySplit.get(row.idSplit)?.abierto ?? false, asesoresConectados: bySplit.get(row.idSplit)?.asesoresConectados ?? 0 }));
  }, [data, nowMs]);
  const alerts = useMemo(() => (data ? supervisorAlerts(data, nowMs, agents.data ?? []) : []), [data, nowMs, agents.data]);
  const agentRows = useMemo(() => [...(agents.data ?? [])].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')), [agents.data]);
  const counts = useMemo(() => {
    const out = { [AGENT_STATUS_LABELS.CONECTADO]: 0, [AGENT_STATUS_LABELS.PAUSA]: 0, [AGENT_STATUS_LABELS.DESCONECTADO]: 0 } as Record<string, number>;
    for (const a of agentRows) out[agentStatusLabel(a.estado)] = (out[agentStatusLabel(a.estado)] ?? 0) + 1;
    return out;
  }, [agentRows]);
  return (
    <>
      <section className={styles.section} aria-labelledby="home-alerts">
        <Subtitle2 as="h2" id="home-alerts" className={styles.heading}>
          {HOME_TEXT.alerts}
        </Subtitle2>
        <DataState status={queue.status} errorTitle={HOME_TEXT.queueFailed} errorDetail={queue.error?.message} empty={false} onRetry={queue.reload} level="h3">
          <AlertList alerts={alerts} role={role} idOrg={idOrg} />
        </DataState>
      </section>
      <section className={styles.section} aria-labelledby="home-now">
        <Subtitle2 as="h2" id="home-now" className={styles.heading}>
          {HOME_TEXT.now}
        </Subtitle2>
        <DataState status={queue.status} errorTitle={HOME_TEXT.queueFailed} errorDetail={queue.error?.message} empty={splits.length === 0} onRetry={queue.reload} level="h3">
          <DataTable caption={HOME_TEXT.queue} columns={queueColumns()} rows={splits} rowKey={(s) => String(s.idSplit)} />
        </DataState>
        <div className={styles.counts} role="group" aria-label={HOME_TEXT.agents}>
          {Object.entries(counts).map(([label, n]) => (
            <Card key={label} className={styles.count} role="group" aria-label={label}>
              <Caption1>{label}</Caption1>
              <Body1 data-agent-count={label}>{agents.status === 'resolved' ? formatNumber(n) : '--'}</Body1>
            </Card>
          ))}
        </div>
        <DataState status={agents.status} errorTitle={HOME_TEXT.agentsFailed} errorDetail={agents.error?.message} empty={agentRows.length === 0} onRetry={agents.reload} level="h3">
          <DataTable caption={HOME_TEXT.agents} columns={agentColumns(nowMs, data?.maximoChatsAsesor ?? null)} rows={agentRows} rowKey={(a) => String(a.idUser)} />
        </DataState>
      </section>
    </>
  );
}

/**
 * The /analitica landing page of roles 1–4: today so far against the same hours of last week's
 * same weekday (the statistics calls themselves, with the filter's `until`), the queue and the
 * agents now, and the alerts to act on. Live through the monitor link (no polling); roles 1–2
 * choose the organisation.
 */
export function HomePage(): ReactNode {
  const user = useAtomValue(currentUserAtom);
  const [filter, setFilter] = useFilterState();
  if (!user) return null;
  return (
    <AnalyticsPage title={HOME_TEXT.title} fields={[]} filter={filter} onFilterChange={setFilter}>
      <TodayTiles idOrg={filter.idOrg} role={user.role} />
      <NowSection idOrg={filter.idOrg} role={user.role} />
    </AnalyticsPage>
  );
}
