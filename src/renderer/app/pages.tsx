import type { ComponentType } from 'react';
import { ANALYTICS_HOME_PATH, CHAT_PATH, HUMAN_CHATS_STATS_PATH, landingPath } from '../../shared/menus';
import type { RoleId } from '../../shared/roles';
import { SessionSummaryPage } from '../features/home/SessionSummaryPage';
import { ChatPage } from '../features/chat/ChatPage';

/**
 * The page registry: every screen that exists, by its menu path. The router builds its routes
 * from it and the drawer hides menu entries without a page (`pageExists`), so a screen appears
 * in the menu the day its page is registered here.
 */
export interface PageEntry {
  path: string;
  Component: ComponentType;
  /**
   * The page is, for now, only the signed-in summary shown as a role's landing page: it exists for
   * the roles whose landing it is and for nobody else. The chats statistics (issue 4) replace this
   * entry and drop the flag.
   */
  landingOnly?: boolean;
}

export const PAGES: readonly PageEntry[] = [
  { path: ANALYTICS_HOME_PATH, Component: () => <SessionSummaryPage title="Analítica" /> },
  { path: CHAT_PATH, Component: ChatPage },
  { path: HUMAN_CHATS_STATS_PATH, Component: () => <SessionSummaryPage title="Chats de asesor humano" />, landingOnly: true }
];

const PAGES_BY_PATH: ReadonlyMap<string, PageEntry> = new Map(PAGES.map((p) => [p.path, p]));

/** Whether the page at `path` exists for `role` (read by the drawer and by the route guard). */
export function pageExists(path: string, role: RoleId): boolean {
  const page = PAGES_BY_PATH.get(path);
  return !!page && (!page.landingOnly || landingPath(role) === path);
}
