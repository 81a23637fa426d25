import type { Statement } from '../../../src/server/db/statements';

/** The prepared statement statements.test.ts and its crash writer run, on a table statement_probe of their own. */
export const PROBE_INSERT: Statement = {
  name: 'statements_test_insert',
  text: 'insert into statement_probe (body, n, at) values ($1, $2, $3) returning id, body, n, at::text as at',
  types: ['text', 'integer', 'timestamptz']
};
