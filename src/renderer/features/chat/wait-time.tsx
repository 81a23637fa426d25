import { formatDurationWords, toDateTime } from '../../../shared/format';
import { useNow } from '../../components/use-now';
import { CHAT_TEXT } from './texts';

/** Whole seconds from `since` (the platform's fechaEntrada) to `now`; never negative (clock skew); null without a date. */
export function waitSeconds(since: string | null, now: number): number | null {
  const start = toDateTime(since);
  if (!start) return null;
  return Math.max(0, Math.floor((now - start.toMillis()) / 1000));
}

/**
 * How long an incoming chat has waited since it entered the queue: the start is the platform's
 * fechaEntrada, the display ticks every second from it.
 */
export function WaitTime({ since, className }: { since: string | null; className?: string }) {
  const now = useNow(1000);
  const seconds = waitSeconds(since, now);
  if (seconds === null) return null;
  return (
    <span className={className} title={CHAT_TEXT.waitingSince} data-testid="espera">
      {CHAT_TEXT.waitingFor(formatDurationWords(seconds))}
    </span>
  );
}
