export {
  createAssistant,
  welcomeTurn,
  MAX_CONSECUTIVE_FAILURES,
  OPTIONS_TEXT,
  type Assistant,
  type BotEscalationReason,
  type BotTurnInput,
  type BotTurnResult
} from './assistant';
