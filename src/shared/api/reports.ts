import { endpoint } from './endpoint';
import { ANALYTICS_READERS, HUMAN_REPORT_READERS, ORG_QUERY } from './access';
import { CsvStatisticsFilter, PagedStatisticsFilter } from '../domain/filter';
import { AccessLogPage, CausalReportPage, ConversationsPage } from '../domain/paged';

const CSV = "Streamed as text/csv (UTF-8 with BOM, one header row) with the rows the filter selects, all pages; fields separated by ?delimiter (',' by default, ';' for Excel in Spanish), quoted when they hold it; a text field that starts with =, +, -, @, a tab or a carriage return is prefixed with ' (formula injection, src/shared/csv-formula.ts).";

/** SPEC §7 "Reports", and the CSV downloads whose paths SPEC does not show. */
export const reportEndpoints = {
  causalReport: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/humanAgentTyping',
    query: PagedStatisticsFilter,
    response: CausalReportPage,
    access: HUMAN_REPORT_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: "The typing (causal) report, paged: SPEC §3 causal report rows under humanAgentTyping (plus, ours, the customer's name: cliente); the client joins businessCausal with ';\\n' and shows dateConection as DD/MM/YYYY."
  }),
  conversationsReport: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/conversations',
    query: PagedStatisticsFilter,
    response: ConversationsPage,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: "The virtual-assistant history report ('Historial'), paged; each row's idConv links to its interactions. Shape not shown in SPEC."
  }),
  accessLog: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/consumerClients',
    query: PagedStatisticsFilter,
    response: AccessLogPage,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: "The access log ('Accesos'; SPEC §7 does not show its path): SPEC §3 access log page (entriesConsumers + paging); id and idType search a customer."
  }),
  accessLogCsv: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/consumerClients/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: ANALYTICS_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the access log CSV, saved as usuarios.csv. ${CSV}`
  }),
  conversationsReportCsv: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/conversations/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: ANALYTICS_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the history report ('Historial') download, saved as conversaciones_{start}_{end}.csv. ${CSV}`
  }),
  causalReportCsv: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/humanAgentTyping/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: HUMAN_REPORT_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the causales CSV, saved as reporteCausales.csv. ${CSV}`
  }),
  humanAgentChatsCsv: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/chats/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: HUMAN_REPORT_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the human-agent chats report (attention picks attended or not attended), saved as chats_{start}_{end}.csv. ${CSV}`
  }),
  integrationLogCsv: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/reports/integrationsLog/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: ANALYTICS_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the integration log download, saved as integraciones_{start}_{end}.csv. ${CSV}`
  }),
  notificationLogCsv: endpoint({
    service: 'notifications',
    method: 'GET',
    path: '/api/reports/notificationsLog/csv',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: ANALYTICS_READERS,
    org: ORG_QUERY,
    note: `Path not shown in SPEC: the notification log download, saved as notificaciones_{start}_{end}.csv. ${CSV}`
  })
} as const;
