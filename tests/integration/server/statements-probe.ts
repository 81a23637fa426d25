import { sql } from 'drizzle-orm';
import type { Statement } from '../../../src/server/db/statements';

/** The table statements.test.ts and its crash writer store into. */
export const CREATE_PROBE_TABLE = sql`create table statement_probe (id serial primary key, body text, n integer, at timestamptz)`;

/** The prepared statement statements.test.ts and its crash writer run, on statement_probe. */
export const PROBE_INSERT: Statement = {
  name: 'statements_test_insert',
  text: 'insert into statement_probe (body, n, at) values ($1, $2, $3) returning id, body, n, at::text as at',
  types: ['text', 'integer', 'timestamptz']
};
