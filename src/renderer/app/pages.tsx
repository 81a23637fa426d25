import { Suspense, lazy, type ComponentType } from 'react';
import { ANALYTICS_PAGES, type AnalyticsPageId } from '../../shared/analytics-pages';
import { ANALYTICS_HOME_PATH, CHAT_PATH, landingPath } from '../../shared/menus';
import type { RoleId } from '../../shared/roles';
import { HomePage } from '../features/home/HomePage';
import { SUPERVISION_PAGES } from '../../shared/supervision-pages';
import { ChatPage } from '../features/chat/ChatPage';
import { REPORT_PAGES, type ReportPageId } from '../../shared/report-pages';
import { SETTINGS_SCREENS, SETTINGS_SCREEN_IDS, settingsPath, type SettingsArea, type SettingsScreenId } from '../../shared/settings-screens';
import type { AreaPages, PageLoader } from '../features/settings/area-pages';
import { ADMIN_PAGES } from '../features/settings/admin/screens';
import { HUMAN_PAGES } from '../features/settings/human/screens';
import { VIRTUAL_PAGES } from '../features/settings/virtual/screens';
import { NOTIFICATION_PAGES } from '../features/settings/notifications/screens';
import { CUSTOMISATION_PAGES } from '../features/settings/customisation/screens';

/**
 * The page registry: every screen that exists, by its menu path. The router builds its routes
 * from it and the drawer hides menu entries without a page (`pageExists`), so a screen appears
 * in the menu the day its page is registered here.
 */
export interface PageEntry {
  path: string;
  Component: ComponentType;
  /** The page exists only for the roles whose landing page it is, and for nobody else. */
  landingOnly?: boolean;
  /** The route also takes a catch-all slug below it (the history report's '…/historial/{idConv}'). */
  slug?: boolean;
}

/** What a lazily loaded page shows while its code arrives. */
function PageLoading() {
  return <div role="status" aria-busy="true" aria-label="Cargando" />;
}

/**
 * A page whose code is loaded the first time it is opened: the analytics and settings pages (and
 * Chart.js with them) stay out of the bundle every window loads at start.
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}

const ANALYTICS_COMPONENTS: Record<AnalyticsPageId, ComponentType> = {
  attentionIndicators: lazyPage(() => import('../features/analytics/indicators/AttentionIndicatorsPage').then((m) => m.AttentionIndicatorsPage)),
  experienceIndicators: lazyPage(() => import('../features/analytics/indicators/ExperienceIndicatorsPage').then((m) => m.ExperienceIndicatorsPage)),
  conversationsByChannel: lazyPage(() => import('../features/analytics/virtual/ConversationsByChannelPage').then((m) => m.ConversationsByChannelPage)),
  intents: lazyPage(() => import('../features/analytics/virtual/IntentsPage').then((m) => m.IntentsPage)),
  ratings: lazyPage(() => import('../features/analytics/virtual/RatingsPage').then((m) => m.RatingsPage)),
  integrations: lazyPage(() => import('../features/analytics/virtual/IntegrationsPage').then((m) => m.IntegrationsPage)),
  humanChats: lazyPage(() => import('../features/analytics/human/HumanChatsPage').then((m) => m.HumanChatsPage)),
  chatsPerAgent: lazyPage(() => import('../features/analytics/human/ChatsPerAgentPage').then((m) => m.ChatsPerAgentPage)),
  chatStates: lazyPage(() => import('../features/analytics/human/ChatStatesPage').then((m) => m.ChatStatesPage)),
  agentStates: lazyPage(() => import('../features/analytics/human/AgentStatesPage').then((m) => m.AgentStatesPage)),
  averageTime: lazyPage(() => import('../features/analytics/human/AverageTimePage').then((m) => m.AverageTimePage)),
  typings: lazyPage(() => import('../features/analytics/human/TypingsPage').then((m) => m.TypingsPage)),
  escalatedChats: lazyPage(() => import('../features/analytics/human/EscalatedChatsPage').then((m) => m.EscalatedChatsPage)),
  notifications: lazyPage(() => import('../features/analytics/notifications/NotificationStatsPage').then((m) => m.NotificationStatsPage))
};

/**
 * The settings pages of every area of settings-screens.ts (features/settings/<area>/screens.ts):
 * a new area is a type error until it is listed here. A screen without a page has no route and no
 * drawer entry.
 */
const SETTINGS_AREA_PAGES: { readonly [A in SettingsArea]: AreaPages<A> } = {
  admin: ADMIN_PAGES,
  human: HUMAN_PAGES,
  virtual: VIRTUAL_PAGES,
  notifications: NOTIFICATION_PAGES,
  customisation: CUSTOMISATION_PAGES
};

/** A screen's page, found through its descriptor's area. */
function settingsPage(id: SettingsScreenId): PageLoader | undefined {
  const pages: Partial<Record<SettingsScreenId, PageLoader>> = SETTINGS_AREA_PAGES[SETTINGS_SCREENS[id].area];
  return pages[id];
}

const REPORT_COMPONENTS: Record<ReportPageId, ComponentType> = {
  accessLog: lazyPage(() => import('../features/reports/AccessLogPage').then((m) => m.AccessLogPage)),
  history: lazyPage(() => import('../features/reports/HistoryPage').then((m) => m.HistoryPage)),
  humanChats: lazyPage(() => import('../features/reports/HumanChatsReportPage').then((m) => m.HumanChatsReportPage)),
  agentHistory: lazyPage(() => import('../features/reports/AgentHistoryPage').then((m) => m.AgentHistoryPage)),
  typings: lazyPage(() => import('../features/reports/TypingReportPage').then((m) => m.TypingReportPage)),
  notifications: lazyPage(() => import('../features/reports/NotificationLogPage').then((m) => m.NotificationLogPage)),
  schedules: lazyPage(() => import('../features/reports/SchedulesPage').then((m) => m.SchedulesPage))
};

/** The supervisor's live queue (issue 20), beside the analytics pages. */
const CHAT_QUEUE_PAGE = lazyPage(() => import('../features/queue/ChatQueuePage').then((m) => m.ChatQueuePage));
/** The queue's wallboard window: no drawer, routed apart from the layout (router.tsx). */
export const WALLBOARD_WINDOW = lazyPage(() => import('../features/queue/WallboardWindow').then((m) => m.WallboardWindow));

export const PAGES: readonly PageEntry[] = [
  { path: ANALYTICS_HOME_PATH, Component: HomePage },
  { path: SUPERVISION_PAGES.chatQueue.path, Component: CHAT_QUEUE_PAGE },
  { path: CHAT_PATH, Component: ChatPage },
  ...(Object.keys(ANALYTICS_PAGES) as AnalyticsPageId[]).map((id) => ({ path: ANALYTICS_PAGES[id].path, Component: ANALYTICS_COMPONENTS[id] })),
  ...SETTINGS_SCREEN_IDS.flatMap((id) => {
    const load = settingsPage(id);
    return load ? [{ path: settingsPath(id), Component: lazyPage(load) }] : [];
  }),
  ...(Object.keys(REPORT_PAGES) as ReportPageId[]).map((id) => ({ path: REPORT_PAGES[id].path, Component: REPORT_COMPONENTS[id], slug: id === 'history' }))
];

const PAGES_BY_PATH: ReadonlyMap<string, PageEntry> = new Map(PAGES.map((p) => [p.path, p]));

/** Whether the page at `path` exists for `role` (read by the drawer and by the route guard). */
export function pageExists(path: string, role: RoleId): boolean {
  const page = PAGES_BY_PATH.get(path);
  return !!page && (!page.landingOnly || landingPath(role) === path);
}
