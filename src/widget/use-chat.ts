import { useSyncExternalStore } from 'react';
import type { ChatSnapshot, WidgetChat } from './chat';

export function useChat(chat: WidgetChat): ChatSnapshot {
  return useSyncExternalStore(chat.subscribe, chat.getSnapshot);
}
