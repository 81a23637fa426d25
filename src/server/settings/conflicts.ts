import { uniqueViolationOf } from '../chat/tx';
import { HttpError } from '../http/errors';

/**
 * Turns the database's refusal of a duplicate into the 409 the form shows under its field: `messages`
 * names, by unique index, what was already taken. The index is the rule (it also stops two saves
 * racing), so a write simply tries and this says why it was refused; any other error goes on as it was.
 */
export function refusedDuplicate(error: unknown, messages: Readonly<Record<string, string>>, status = 409): unknown {
  const constraint = uniqueViolationOf(error);
  const message = constraint === null ? undefined : messages[constraint];
  return message === undefined ? error : new HttpError(status, message);
}

/**
 * For a write's `.catch`: throws the 409 of `messages` for a duplicate (or `status`: a user's
 * e-mail taken is SPEC §5's 422), any other error as it was.
 */
export function duplicateAs(messages: Readonly<Record<string, string>>, status = 409): (error: unknown) => never {
  return (error) => {
    throw refusedDuplicate(error, messages, status);
  };
}
