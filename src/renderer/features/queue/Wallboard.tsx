import { useEffect, useMemo, useRef } from 'react';
import { Button, Portal, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { LiveQueue } from '../../../shared/api/queue-supervision';
import { INDICATOR_LABELS } from '../../../shared/constants';
import { formatHms, formatNumber } from '../../../shared/format';
import { AGENT_STATUS_LABELS, agentStatusLabel } from '../../../shared/labels';
import { tileText } from '../../components/IndicatorTile';
import { useAnalyticsQuery } from '../analytics/use-analytics-query';
import { useLiveReload } from '../../components/use-live-reload';
import { waitingBySplit } from '../home/alerts';
import { comparisonWindows, windowQuery } from '../home/comparison';
import { useNow } from '../../components/use-now';

export const WALLBOARD_TEXT = {
  title: 'Tablero de la cola',
  leave: 'Salir (Esc)',
  waiting: 'En cola',
  longest: 'Espera máx.',
  today: 'Hoy',
  conversations: 'Conversaciones',
  attended: 'Atendidos'
} as const;

/**
 * High contrast, large type: legible from 3 m on a wall screen (white and yellow on black, 7:1 and
 * more). Sizes follow the smaller of the screen's width and height, so the whole board — queue,
 * agents and today's figures — fits a 16:9 or 16:10 screen down to 1366×768 without scrolling
 * (the board still scrolls on a smaller or stranger window rather than cut anything).
 */
const useStyles = makeStyles({
  wall: {
    position: 'fixed',
    inset: 0,
    zIndex: 1_000_000,
    backgroundColor: '#000',
    color: '#fff',
    display: 'flex',
    flexDirection: 'column',
    gap: '2vh',
    padding: '2.5vh 3vw',
    overflow: 'auto',
    fontFamily: 'inherit',
    ':focus': { outline: 'none' }
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2vw' },
  title: { margin: 0, fontSize: 'clamp(24px, min(4vw, 6vh), 64px)', lineHeight: 1.15, fontWeight: 700 },
  clock: { fontSize: 'clamp(24px, min(4vw, 6vh), 64px)', fontVariantNumeric: 'tabular-nums' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(22vw, 1fr))', gap: '2vh 2vw' },
  card: { border: '3px solid #fff', borderRadius: '12px', padding: '1.5vh 1.5vw', display: 'flex', flexDirection: 'column', gap: '0.8vh', minWidth: 0 },
  alert: { border: '3px solid #ffd400' },
  label: { margin: 0, fontSize: 'clamp(16px, min(2.1vw, 4vh), 44px)', lineHeight: 1.15, fontWeight: 600 },
  big: { fontSize: 'clamp(40px, min(9vw, 15vh), 180px)', lineHeight: 1, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  mid: { fontSize: 'clamp(28px, min(5vw, 8vh), 96px)', lineHeight: 1.1, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  /** Today's figures sit four to a row and carry a unit ('11.52 min'): smaller than the agents' counts, three to a row, so that they fit their card. */
  figure: { fontSize: 'clamp(24px, min(3.4vw, 8vh), 80px)' },
  sub: { fontSize: 'clamp(16px, min(2.1vw, 4vh), 44px)', lineHeight: 1.15, color: '#ffd400', fontVariantNumeric: 'tabular-nums' },
  section: { margin: 0, fontSize: 'clamp(20px, min(3vw, 4.5vh), 52px)', lineHeight: 1.15, fontWeight: 700 }
});

/**
 * The wallboard: the queue, the agents and today's key figures full screen in large type, live
 * through the same monitor notices as the queue screen. Esc (or 'Salir') leaves it; the window
 * goes full screen where the host allows it, and the board covers the window where it does not.
 */
export function Wallboard({
  queue,
  idOrg,
  onClose,
  coversWindow = true
}: {
  queue: LiveQueue | null;
  idOrg: number | null;
  onClose(): void;
  /** true: shown over a page, so it asks for full screen; false: the board's own window, already full screen in the desktop app. */
  coversWindow?: boolean;
}) {
  const styles = useStyles();
  const nowMs = useNow();
  const ref = useRef<HTMLDivElement>(null);
  const chatsLive = useLiveReload('chats', idOrg);
  const agentsLive = useLiveReload('agents', idOrg);
  const agents = useAnalyticsQuery('agentConnectionStates', { idOrg, query: {} }, { liveKey: agentsLive + chatsLive });
  const today = { idOrg, query: windowQuery(comparisonWindows(new Date()).today) };
  const totals = useAnalyticsQuery('interactionTotals', today, { liveKey: chatsLive });
  const attended = useAnalyticsQuery('attendedChatsShare', today, { liveKey: chatsLive });
  const abandonment = useAnalyticsQuery('abandonmentLevel', today, { liveKey: chatsLive });
  const tmo = useAnalyticsQuery('tmo', today, { liveKey: chatsLive });

  useEffect(() => {
    ref.current?.focus();
    const root = document.documentElement;
    // The host may refuse full screen (Electron's permission handler): the board still covers the window.
    if (coversWindow && typeof root.requestFullscreen === 'function' && !document.fullscreenElement) root.requestFullscreen().catch(() => undefined);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (coversWindow && document.fullscreenElement && typeof document.exitFullscreen === 'function') document.exitFullscreen().catch(() => undefined);
    };
  }, [onClose, coversWindow]);

  const splits = useMemo(() => (queue ? waitingBySplit(queue, nowMs) : []), [queue, nowMs]);
  const totalWaiting = queue?.chats.length ?? null;
  const counts = useMemo(() => {
    const out: Record<string, number> = { [AGENT_STATUS_LABELS.CONECTADO]: 0, [AGENT_STATUS_LABELS.PAUSA]: 0, [AGENT_STATUS_LABELS.DESCONECTADO]: 0 };
    for (const a of agents.data ?? []) out[agentStatusLabel(a.estado)] = (out[agentStatusLabel(a.estado)] ?? 0) + 1;
    return out;
  }, [agents.data]);
  const figures = [
    { id: 'Conversations', label: WALLBOARD_TEXT.conversations, kind: 'count' as const, status: totals.status, value: totals.data?.total },
    { id: 'AttendedChats', label: WALLBOARD_TEXT.attended, kind: 'percent' as const, status: attended.status, value: attended.data?.percentage },
    { id: 'NivelAbandono', label: INDICATOR_LABELS.NivelAbandono, kind: undefined, status: abandonment.status, value: abandonment.data?.value },
    { id: 'TMO', label: INDICATOR_LABELS.TMO, kind: undefined, status: tmo.status, value: tmo.data?.value }
  ];

  return (
    <Portal>
      <div ref={ref} className={styles.wall} role="dialog" aria-modal="true" aria-label={WALLBOARD_TEXT.title} tabIndex={-1}>
        <div className={styles.header}>
          <h1 className={styles.title}>{WALLBOARD_TEXT.title}</h1>
          <span className={styles.clock}>{new Date(nowMs).toLocaleTimeString('es-CO', { timeZone: 'America/Bogota', hour12: false })}</span>
          <Button size="large" onClick={onClose}>
            {WALLBOARD_TEXT.leave}
          </Button>
        </div>
        <div className={styles.grid}>
          <section className={styles.card} aria-label={WALLBOARD_TEXT.waiting}>
            <h2 className={styles.label}>{WALLBOARD_TEXT.waiting}</h2>
            <span className={styles.big} data-wall="total">
              {totalWaiting === null ? '--' : formatNumber(totalWaiting)}
            </span>
          </section>
          {splits.map((s) => (
            <section key={s.idSplit} className={`${styles.card} ${s.waiting > 0 ? styles.alert : ''}`} aria-label={s.nombre}>
              <h2 className={styles.label}>{s.nombre}</h2>
              <span className={styles.big}>{formatNumber(s.waiting)}</span>
              <span className={styles.sub}>
                {WALLBOARD_TEXT.longest} {s.longest === null ? '--' : formatHms(s.longest)}
              </span>
            </section>
          ))}
        </div>
        <div className={styles.grid}>
          {Object.entries(counts).map(([label, n]) => (
            <section key={label} className={styles.card} aria-label={label}>
              <h2 className={styles.label}>{label}</h2>
              <span className={styles.mid}>{agents.status === 'resolved' ? formatNumber(n) : '--'}</span>
            </section>
          ))}
        </div>
        <h2 className={styles.section}>{WALLBOARD_TEXT.today}</h2>
        <div className={styles.grid}>
          {figures.map((f) => (
            <section key={f.id} className={styles.card} aria-label={f.label} aria-busy={f.status === 'idle' || f.status === 'pending' || undefined}>
              <h3 className={styles.label}>{f.label}</h3>
              <span className={mergeClasses(styles.mid, styles.figure)}>{tileText(f.id, f.status, f.value, f.kind)}</span>
            </section>
          ))}
        </div>
      </div>
    </Portal>
  );
}
