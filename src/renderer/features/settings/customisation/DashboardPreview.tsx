import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, useInRouterContext } from 'react-router-dom';
import { Body1, Button, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Attach20Regular, Send20Regular } from '@fluentui/react-icons';
import type { ConsoleMessage, ConsoleState } from '../../../../shared/chat-console';
import { DateTime } from 'luxon';
import { INDICATOR_LABELS } from '../../../../shared/constants';
import { comparisonWindows, windowQuery } from '../../../../shared/comparison-windows';
import { MSG } from '../../../../shared/messages';
import type { DashboardDesign } from '../../../../shared/domain/dashboard-design';
import type { DesignView } from '../../../../shared/ipc';
import type { MenuItem } from '../../../../shared/menus';
import { settingsPath } from '../../../../shared/settings-screens';
import { MenuDrawer } from '../../../app/MenuDrawer';
import { TopBar } from '../../../app/TopBar';
import { ChartPanel } from '../../../components/ChartPanel';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { ConsoleFooter, FooterTool } from '../../chat/ConsoleFooter';
import { ConsoleHeader } from '../../chat/ConsoleHeader';
import { MessageBubble } from '../../chat/MessageBubble';
import { CHAT_TEXT } from '../../chat/texts';
import { DesignPreview } from '../../design/worn';
import { useAnalyticsQuery } from '../../analytics/use-analytics-query';
import { loadProps } from '../../analytics/load-props';
import { bucketLabel } from '../../analytics/labels';
import { useDesignView } from '../../design/worn';
import { DASHBOARD_TEXT as T } from './texts';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
    fontFamily: tokens.fontFamilyBase
  },
  // A window of the app at a fixed height: what does not fit (the chart's table) is cut, as below the fold.
  body: { display: 'flex', height: '560px', overflow: 'hidden' },
  page: {
    flexGrow: 1,
    minWidth: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    alignContent: 'start'
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  console: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  thread: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', paddingTop: tokens.spacingVerticalS },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 }
});

const MENU: MenuItem[] = [
  { id: 'vista-inicio', label: 'Inicio', path: '/vista-previa/inicio' },
  { id: 'vista-chats', label: 'Chats', path: '/vista-previa/chats' },
  { id: 'vista-configuracion', label: 'Configuración', children: [{ id: 'vista-dashboard', label: 'Dashboard', path: settingsPath('dashboard') }] }
];
const message = (seq: number, tipoUsuario: 'CLIENTE' | 'ASESOR', mensaje: string): ConsoleMessage => ({
  conversationId: 'vista-previa',
  seq,
  clientId: null,
  tipoMensaje: 'TEXTO',
  tipoUsuario,
  mensaje,
  adjunto: null,
  items: null,
  fechaMensaje: '2026-01-15T13:00:00.000Z',
  pending: false
});
const CUSTOMER = message(1, 'CLIENTE', T.previewCustomer);
const AGENT = message(2, 'ASESOR', T.previewAgent);

/**
 * The preview's figures are the organisation's own, read as Inicio reads them (no invented number
 * is ever shown): today's attended chats and TMO, the attended chats of the last seven days, and
 * the queue now.
 */
function usePreviewFigures(idOrg: number | null) {
  const { today } = comparisonWindows(new Date());
  const day = windowQuery(today);
  const week = { ...day, start: DateTime.fromISO(today.day).minus({ days: 6 }).toISODate() ?? today.day, attention: 'attended' as const };
  return {
    attended: useAnalyticsQuery('attendedChatsShare', { idOrg, query: { ...day, attention: 'attended' as const } }),
    tmo: useAnalyticsQuery('tmo', { idOrg, query: day }),
    line: useAnalyticsQuery('attendedChatsLine', { idOrg, query: week }),
    queue: useAnalyticsQuery('liveQueue', { idOrg })
  };
}

/**
 * The font file the preview needs: the one the app wears when it is the same family and variant,
 * else asked of the main process ('design:font': a font the platform lists, as a data: URL).
 */
function usePreviewFont(fuente: DashboardDesign['fuente']): string | null {
  const app = useDesignView();
  const same = app.design.fuente.family === fuente.family && app.design.fuente.variant === fuente.variant;
  const [fetched, setFetched] = useState<{ key: string; data: string | null }>({ key: '', data: null });
  const key = `${fuente.family}\u0000${fuente.variant}`;
  useEffect(() => {
    if (same || fetched.key === key) return;
    let live = true;
    void window.atiende.design.font({ family: fuente.family, variant: fuente.variant }).then((result) => {
      if (live) setFetched({ key, data: result.ok ? result.data : null });
    });
    return () => {
      live = false;
    };
  }, [same, key, fetched.key, fuente.family, fuente.variant]);
  if (same) return app.font;
  return fetched.key === key ? fetched.data : null;
}

/** The menu's links need a router: the app's, or (the preview drawn alone) one of its own on the editor's page. */
function WithRouter({ children }: { children: ReactNode }) {
  const inRouter = useInRouterContext();
  return inRouter ? children : <MemoryRouter initialEntries={[settingsPath('dashboard')]}>{children}</MemoryRouter>;
}

/**
 * The editor's live preview: the app's own components (the top bar with the logo, the side menu,
 * indicator tiles and a chart, the agent console's header, both kinds of message and its footer)
 * inside a DesignPreview wearing the draft — the same code path as the saved result. It is a
 * picture of the app, not a part of the form: inert (no focus, no clicks, out of the accessibility tree).
 */
export function DashboardPreview({ design, logo, organisation, idOrg }: { design: DashboardDesign; logo: string | null; organisation: string; idOrg: number | null }) {
  const styles = useStyles();
  const { attended, tmo, line, queue } = usePreviewFigures(idOrg);
  // The console's header with the organisation's queue as it stands (0 until it answers).
  const consoleState: ConsoleState = { connection: 'online', agentStatus: null, chats: [], waiting: queue.data?.chats.length ?? 0 };
  const font = usePreviewFont(design.fuente);
  const view: DesignView = { design, logo, font, logoError: null };
  return (
    <section aria-label={T.preview}>
      <Body1 as="p">{T.previewHint}</Body1>
      <div inert aria-hidden data-testid="vista-previa">
        <DesignPreview view={view}>
          <div className={styles.frame}>
            <TopBar organisation={organisation} landmark={false} menu={{ open: true, controls: 'vista-previa-menu', onToggle: () => {} }}>
              <Body1>{T.previewUser}</Body1>
            </TopBar>
            <div className={styles.body}>
              <WithRouter>
                <MenuDrawer id="vista-previa-menu" open items={MENU} label={T.previewMenu} onAction={() => {}} />
              </WithRouter>
              <div className={styles.page}>
                <div className={styles.column}>
                  <div className={styles.tiles}>
                    <IndicatorTile id="AttendedChats" label={INDICATOR_LABELS.AttendedChats} status={attended.status} value={attended.data?.value} />
                    <IndicatorTile id="TMO" label={INDICATOR_LABELS.TMO} status={tmo.status} value={tmo.data?.value} />
                  </div>
                  <ChartPanel title={T.previewChart} kind="line" series={line.data} {...loadProps(line)} errorTitle={MSG.statistics.chatsLoadFailed} categoryHeader={T.previewDay} valueTitle={T.previewChats} formatLabel={bucketLabel} />
                </div>
                <div className={styles.console}>
                  <ConsoleHeader state={consoleState} />
                  <div className={styles.thread}>
                    <MessageBubble message={CUSTOMER} phase="human" />
                    <MessageBubble message={AGENT} phase="human" />
                    <ConsoleFooter box>
                      <Textarea aria-label={CHAT_TEXT.composer} placeholder={T.previewComposer} rows={2} />
                      <div className={styles.tools}>
                        <FooterTool icon={<Attach20Regular />}>{CHAT_TEXT.attach}</FooterTool>
                        <div className={styles.spacer} />
                        <Button appearance="primary" icon={<Send20Regular />}>
                          {CHAT_TEXT.send}
                        </Button>
                      </div>
                    </ConsoleFooter>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </DesignPreview>
      </div>
    </section>
  );
}
