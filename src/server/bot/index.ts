export { answerTurn, welcomeTurn, MAX_CONSECUTIVE_FAILURES, type BotEscalationReason, type BotTurnInput, type BotTurnResult } from './assistant';
