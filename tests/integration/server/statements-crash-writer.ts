/**
 * A process that stores three rows through the hot path's prepared statements on a PGlite
 * directory, says so on stdout, and then waits to be killed (statements.test.ts kills it with
 * SIGKILL: a crash, no close, no flush). Argument: the data directory.
 */
import { openDatabase } from '../../../src/server/db/client';
import { CREATE_PROBE_TABLE, PROBE_INSERT } from './statements-probe';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: statements-crash-writer.ts <dataDir>');
const database = await openDatabase({ kind: 'pglite', dataDir });
await database.db.execute(CREATE_PROBE_TABLE);
for (let n = 1; n <= 3; n++) await database.statement(PROBE_INSERT, [`mensaje ${n}`, n, '2026-11-29T12:00:00Z']);
process.stdout.write('stored\n');
setInterval(() => undefined, 60_000);
