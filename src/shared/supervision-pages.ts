/**
 * The supervisor's live pages (issue 20) beside the SPEC §2 analytics: 'Cola de chats' (SPEC §2
 * "Chats in queue", under the human-agent statistics) and the wallboard. Which roles see them is
 * the menus' business (menus.ts); the home page is ANALYTICS_HOME_PATH.
 */
export const CHAT_QUEUE_PATH = '/analitica/estadisticas/asesor-humano/cola-chats';
/**
 * The wallboard in a window of its own (the desktop app opens it full screen): for whoever may open
 * the queue; `?org=N` names the organisation the queue page had chosen (roles 1–2).
 */
export const WALLBOARD_PATH = `${CHAT_QUEUE_PATH}/tablero`;

export const SUPERVISION_PAGES = {
  chatQueue: { path: CHAT_QUEUE_PATH, title: 'Cola de chats' }
} as const satisfies Record<string, { path: string; title: string }>;
