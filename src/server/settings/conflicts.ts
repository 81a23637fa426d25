import { sqlState } from '../chat/tx';

/** Whether the database refused a write for a unique constraint (two saves of the same code or pair racing). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
