import { Fragment, useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { endpoints } from '../../../shared/api/catalogue';
import type { LiveQueue, WaitingChat } from '../../../shared/api/queue-supervision';
import { formatDateTime } from '../../../shared/format';
import { shortConversationId } from '../../../shared/labels';
import type { RoleId } from '../../../shared/roles';
import { SUPERVISION_PAGES } from '../../../shared/supervision-pages';
import { useNotify } from '../../app/toasts';
import { DataState } from '../../components/DataState';
import { FormDialog } from '../../components/settings/FormDialog';
import { SelectField } from '../../components/settings/fields';
import { callSettings } from '../../components/settings/settings-client';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { useFilterState } from '../analytics/filter';
import { useAnalyticsQuery } from '../analytics/use-analytics-query';
import { useLiveReload } from '../../components/use-live-reload';
import { currentUserAtom } from '../session/atoms';
import { QueueTable, type QueueAction } from './QueueTable';
import { QUEUE_TEXT } from './texts';
import { Wallboard } from './Wallboard';
import { openWallboardWindow } from './WallboardWindow';

export { QUEUE_TEXT, customerLine } from './texts';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  summary: { margin: `0 0 ${tokens.spacingVerticalM}`, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  term: { fontWeight: tokens.fontWeightSemibold },
  detail: { margin: 0, overflowWrap: 'anywhere' }
});

/**
 * The chat a dialog acts on, whole: the row cuts the customer's answers to one line (the rest in a
 * mouse tooltip), so the dialog a keyboard opens from the row's button shows every answer in full.
 */
function ChatSummary({ chat }: { chat: WaitingChat }) {
  const styles = useStyles();
  const answers = Object.entries(chat.datosCliente).filter(([, v]) => v.trim() !== '');
  const lines: [string, string][] = [
    [QUEUE_TEXT.entered, formatDateTime(chat.fechaEntrada)],
    ...(chat.split ? [[QUEUE_TEXT.split, chat.split] as [string, string]] : []),
    ...answers
  ];
  return (
    <dl className={styles.summary} role="group" aria-label={QUEUE_TEXT.summary}>
      {lines.map(([term, detail], i) => (
        <Fragment key={i}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.detail}>{detail}</dd>
        </Fragment>
      ))}
    </dl>
  );
}


function AssignDialog({ chat, idOrg, max, onClose, onDone }: { chat: WaitingChat; idOrg: number | null; max: number; onClose(): void; onDone(): void }) {
  const notify = useNotify();
  const [idUser, setIdUser] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  // Any agent of the organisation: a supervisor may lend a backed-up queue to another split's agent.
  const agents = useAnalyticsQuery('agentConnectionStates', { idOrg, query: {} });
  // The router's own rule: connected (Activo) and below the organisation's limit.
  const options = (agents.data ?? [])
    .filter((a) => a.estado === 'Activo' && a.chatsActivos < max)
    .sort((a, b) => a.chatsActivos - b.chatsActivos || a.nombre.localeCompare(b.nombre, 'es'))
    .map((a) => ({ value: String(a.idUser), label: `${a.nombre} (${a.chatsActivos} / ${max})` }));
  async function submit(): Promise<boolean> {
    if (idUser === '') {
      setError(QUEUE_TEXT.agentRequired);
      return false;
    }
    const result = await callSettings('assignQueuedChat', { body: { idConv: chat.idConv, idUser: Number(idUser) }, idOrg });
    if (!result.ok) {
      notify.error(QUEUE_TEXT.actionFailed);
      setFormError(result.error.message);
      return false;
    }
    notify.success(QUEUE_TEXT.assigned);
    onDone();
    return true;
  }
  const hint = agents.status === 'rejected' ? QUEUE_TEXT.agentsFailed : agents.status === 'resolved' && options.length === 0 ? QUEUE_TEXT.noAgents : undefined;
  return (
    <FormDialog title={QUEUE_TEXT.assignTitle(shortConversationId(chat.idConv))} submitLabel={QUEUE_TEXT.assign} formError={formError} onSubmit={submit} onClose={onClose}>
      <ChatSummary chat={chat} />
      <SelectField label={QUEUE_TEXT.agent} name="idUser" value={idUser} options={options} onChange={(v) => { setIdUser(v); setError(undefined); }} error={error} hint={hint} />
    </FormDialog>
  );
}

function MoveDialog({ chat, queue, idOrg, onClose, onDone }: { chat: WaitingChat; queue: LiveQueue; idOrg: number | null; onClose(): void; onDone(): void }) {
  const notify = useNotify();
  const [idSplit, setIdSplit] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const options = queue.splits.filter((s) => s.idSplit !== chat.idSplit).map((s) => ({ value: String(s.idSplit), label: s.nombre }));
  async function submit(): Promise<boolean> {
    if (idSplit === '') {
      setError(QUEUE_TEXT.splitRequired);
      return false;
    }
    const result = await callSettings('moveQueuedChat', { body: { idConv: chat.idConv, idSplit: Number(idSplit) }, idOrg });
    if (!result.ok) {
      notify.error(QUEUE_TEXT.actionFailed);
      setFormError(result.error.message);
      return false;
    }
    notify.success(QUEUE_TEXT.moved);
    onDone();
    return true;
  }
  return (
    <FormDialog title={QUEUE_TEXT.moveTitle(shortConversationId(chat.idConv))} submitLabel={QUEUE_TEXT.move} formError={formError} onSubmit={submit} onClose={onClose}>
      <ChatSummary chat={chat} />
      <SelectField label={QUEUE_TEXT.targetSplit} name="idSplit" value={idSplit} options={options} onChange={(v) => { setIdSplit(v); setError(undefined); }} error={error} />
    </FormDialog>
  );
}

/** One empty list for every render without data: the table keeps what it derived from its input's identity. */
const NO_CHATS: readonly WaitingChat[] = [];

const mayAct = (role: RoleId) => (endpoints.assignQueuedChat.access as readonly number[]).includes(role);

/**
 * SPEC §2 'Chats in queue' (roles 1–4 and 6, under the human-agent statistics): every chat waiting
 * now, oldest first, live through the monitor link. A supervisor (roles 1, 3, 6) assigns one to a
 * connected agent below the limit or moves it to another split, through the platform's chat engine.
 */
export function ChatQueuePage() {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  const [filter, setFilter] = useFilterState();
  const chatsLive = useLiveReload('chats', filter.idOrg);
  const agentsLive = useLiveReload('agents', filter.idOrg);
  const queue = useAnalyticsQuery('liveQueue', { idOrg: filter.idOrg }, { liveKey: chatsLive + agentsLive });
  const [acting, setActing] = useState<{ kind: QueueAction; chat: WaitingChat } | null>(null);
  const act = useCallback((kind: QueueAction, chat: WaitingChat) => setActing({ kind, chat }), []);
  const [wall, setWall] = useState(false);
  const closeWall = useCallback(() => setWall(false), []);
  const actions = user !== null && mayAct(user.role);
  const rows = queue.data?.chats ?? NO_CHATS;

  return (
    <AnalyticsPage title={SUPERVISION_PAGES.chatQueue.title} fields={[]} filter={filter} onFilterChange={setFilter}>
      <div className={styles.toolbar}>
        <Button
          onClick={() => {
            if (!openWallboardWindow(filter.idOrg)) setWall(true);
          }}
        >
          {QUEUE_TEXT.wallboard}
        </Button>
      </div>
      {wall ? <Wallboard queue={queue.data} idOrg={filter.idOrg} onClose={closeWall} /> : null}
      <section aria-label={QUEUE_TEXT.list}>
        <DataState status={queue.status} errorTitle={QUEUE_TEXT.loadFailed} errorDetail={queue.error?.message} empty={rows.length === 0} emptyDetail={QUEUE_TEXT.none} onRetry={queue.reload} level="h2">
          <QueueTable chats={rows} actions={actions} onAct={act} />
        </DataState>
      </section>
      {acting?.kind === 'assign' && queue.data ? (
        <AssignDialog chat={acting.chat} idOrg={filter.idOrg} max={queue.data.maximoChatsAsesor} onClose={() => setActing(null)} onDone={queue.refresh} />
      ) : null}
      {acting?.kind === 'move' && queue.data ? (
        <MoveDialog chat={acting.chat} queue={queue.data} idOrg={filter.idOrg} onClose={() => setActing(null)} onDone={queue.refresh} />
      ) : null}
    </AnalyticsPage>
  );
}
