import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Body1, Caption1, Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import type { FileRef } from '../../../shared/domain/chat';
import { InteractionRequest, InteractionResponse, responseItemText, type InteractionRecord, type ResponseItem } from '../../../shared/domain/interaction';
import type { ConversationRow } from '../../../shared/domain/report';
import { formatDateTime, formatInteractionTime, formatNumber } from '../../../shared/format';
import { conversationLabel, shortConversationId } from '../../../shared/labels';
import { HISTORY_REPORT_PATH } from '../../../shared/menus';
import { MSG } from '../../../shared/messages';
import { DataState } from '../../components/DataState';
import { DataTable, Pager, type DataColumn } from '../../components/DataTable';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../analytics/filter';
import { EscalatedMessages } from '../analytics/human/EscalatedChatDialog';
import { useAnalyticsQuery } from '../analytics/use-analytics-query';
import type { FieldId } from '../analytics/use-filter-fields';
import { usePage } from '../analytics/use-paged';
import { ReportSection } from '../../components/ReportLayout';
import { REPORT_PAGES } from '../../../shared/report-pages';
import { usePagedReport } from './use-paged-report';

const FIELDS: FieldId[] = ['dates', 'idVa', 'channels', 'intents', 'events', 'idConv', 'idType', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['idVa', 'channels', 'intents', 'events', 'idConv', 'idType', ...LOCATION_FIELDS];
/** Turns of one conversation per page. */
const TURNS_PAGE = 50;

export const HISTORY_TEXT = {
  table: 'Conversaciones',
  conversation: 'Conversación',
  start: 'Inicio',
  end: 'Fin',
  channel: 'Canal',
  customer: 'Cliente',
  turns: 'Interacciones',
  escalated: 'Escalado',
  yes: 'Sí',
  no: 'No',
  open: (name: string) => `Ver la conversación ${name}`,
  detailTitle: (name: string) => `Conversación ${name}`,
  back: 'Volver al historial',
  withAssistant: 'Con el asistente virtual',
  withAgent: 'Con el asesor humano',
  customerSaid: 'Cliente',
  assistantSaid: 'Asistente virtual',
  attachment: (name: string) => `Adjunto: ${name}`,
  unreadable: 'Interacción sin contenido legible'
} as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  heading: { margin: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  turn: { padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  meta: { color: tokens.colorNeutralForeground2 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  options: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  link: { color: tokens.colorBrandForegroundLink }
});

/** A conversation's page, named by its short id (the customer is the row's next column); roles 1 and 2 carry the organisation they chose. */
function ConversationLink({ idConv, customer, idOrg }: { idConv: string; customer: string | null; idOrg: number | null }) {
  const styles = useStyles();
  return (
    <RouterLink
      className={styles.link}
      to={`${HISTORY_REPORT_PATH}/${encodeURIComponent(idConv)}${idOrg ? `?idOrg=${idOrg}` : ''}`}
      aria-label={HISTORY_TEXT.open(conversationLabel(idConv, customer))}
      title={idConv}
    >
      {shortConversationId(idConv)}
    </RouterLink>
  );
}

const columns = (idOrg: number | null): DataColumn<ConversationRow>[] => [
  { key: 'conv', header: HISTORY_TEXT.conversation, render: (c) => <ConversationLink idConv={c.idConv} customer={c.cliente} idOrg={idOrg} /> },
  { key: 'inicio', header: HISTORY_TEXT.start, render: (c) => formatDateTime(c.fechaInicio) },
  { key: 'fin', header: HISTORY_TEXT.end, render: (c) => (c.fechaFin ? formatDateTime(c.fechaFin) : '') },
  { key: 'canal', header: HISTORY_TEXT.channel, render: (c) => c.canal },
  { key: 'cliente', header: HISTORY_TEXT.customer, render: (c) => c.cliente ?? '' },
  { key: 'turnos', header: HISTORY_TEXT.turns, numeric: true, render: (c) => formatNumber(c.interacciones) },
  { key: 'escalado', header: HISTORY_TEXT.escalated, render: (c) => (c.escalado ? HISTORY_TEXT.yes : HISTORY_TEXT.no) }
];

/**
 * SPEC §2 reportes/asesor-virtual/historial, with its catch-all slug: without one, the conversations
 * of the filter (conversaciones_{start}_{end}.csv); with one ('…/historial/{idConv}'), that
 * conversation.
 */
export function HistoryPage() {
  const slug = useParams()['*'] ?? '';
  return slug === '' ? <HistoryList /> : <ConversationDetail idConv={decodeURIComponent(slug)} />;
}

function HistoryList() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const { load, paging, total, order } = usePagedReport('conversationsReport', query, filter.idOrg);
  const cols = useMemo(() => columns(filter.idOrg), [filter.idOrg]);
  return (
    <AnalyticsPage title={REPORT_PAGES.history.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={HISTORY_TEXT.table} report="conversations" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={(load.data?.conversations.length ?? 0) === 0} onRetry={load.reload} level="h2">
          {load.data ? <DataTable caption={HISTORY_TEXT.table} columns={cols} rows={load.data.conversations} rowKey={(c) => c.idConv} paging={paging} sort={{ columnKey: 'inicio', ...order }} /> : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}

/** A JSON text decoded with `schema`, or null when it is not that. */
function decode<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, text: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function Files({ files }: { files: readonly FileRef[] }) {
  const styles = useStyles();
  return (
    <>
      {files.map((f, i) => (
        <Caption1 key={i} className={styles.meta}>
          {HISTORY_TEXT.attachment(f.name)}
        </Caption1>
      ))}
    </>
  );
}

function Item({ item }: { item: ResponseItem }) {
  const styles = useStyles();
  return (
    <>
      <Body1 className={styles.text}>{responseItemText(item)}</Body1>
      {item.itemOptions && item.itemOptions.length > 0 ? (
        <ul className={styles.options}>
          {item.itemOptions.map((option, i) => (
            <li key={i}>
              <Body1>{option}</Body1>
            </li>
          ))}
        </ul>
      ) : null}
      {item.itemFile ? <Files files={[item.itemFile]} /> : null}
    </>
  );
}

/** One turn with the assistant: what the customer sent (text, attached files) and what it answered. */
function Turn({ record }: { record: InteractionRecord }) {
  const styles = useStyles();
  const request = decode(InteractionRequest, record.requestData);
  const response = decode(InteractionResponse, record.responseAnswer);
  return (
    <li className={styles.turn}>
      <Caption1 className={styles.meta}>{formatInteractionTime(record.interactionTime)}</Caption1>
      {request ? (
        <>
          <Caption1 className={styles.meta}>{HISTORY_TEXT.customerSaid}</Caption1>
          <Body1 className={styles.text}>{request.text}</Body1>
          <Files files={request.context.fileArrayAttachment ?? []} />
        </>
      ) : null}
      {response && response.responseItems.length > 0 ? (
        <>
          <Caption1 className={styles.meta}>{HISTORY_TEXT.assistantSaid}</Caption1>
          {response.responseItems.map((item, i) => (
            <Item key={i} item={item} />
          ))}
        </>
      ) : null}
      {!request && !response ? <Body1>{HISTORY_TEXT.unreadable}</Body1> : null}
    </li>
  );
}

function ConversationDetail({ idConv }: { idConv: string }) {
  const styles = useStyles();
  const [search] = useSearchParams();
  const named = Number(search.get('idOrg'));
  const idOrg = Number.isInteger(named) && named > 0 ? named : null;
  const [page, setPage] = usePage(idConv);
  const turns = useAnalyticsQuery('conversationInteractions', { params: { id: idConv }, query: { page, size: TURNS_PAGE }, idOrg });
  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {HISTORY_TEXT.detailTitle(conversationLabel(idConv, turns.data?.cliente))}
      </Title2>
      <RouterLink className={styles.link} to={HISTORY_REPORT_PATH}>
        {HISTORY_TEXT.back}
      </RouterLink>
      <section aria-label={HISTORY_TEXT.withAssistant}>
        <Subtitle1 as="h2">{HISTORY_TEXT.withAssistant}</Subtitle1>
        <DataState status={turns.status} errorTitle={MSG.reports.loadFailed} errorDetail={turns.error?.message} empty={(turns.data?.interactions.length ?? 0) === 0} onRetry={turns.reload}>
          <ol className={styles.list}>
            {(turns.data?.interactions ?? []).map((record) => (
              <Turn key={record.id} record={record} />
            ))}
          </ol>
          {turns.data && turns.data.totalPages > 1 ? <Pager page={page} totalPages={turns.data.totalPages} totalResult={turns.data.totalResult} onPage={setPage} /> : null}
        </DataState>
      </section>
      <section aria-label={HISTORY_TEXT.withAgent}>
        <Subtitle1 as="h2">{HISTORY_TEXT.withAgent}</Subtitle1>
        <EscalatedMessages idConv={idConv} idOrg={idOrg} />
      </section>
    </div>
  );
}
