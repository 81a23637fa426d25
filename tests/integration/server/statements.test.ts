import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { rowsOf } from '../../../src/server/db/statements';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { CREATE_PROBE_TABLE, PROBE_INSERT } from './statements-probe';

describe.each(BACKENDS)('prepared hot-path statements (%s)', (backend) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    database = await openDatabase(testDb.target);
    await database.db.execute(CREATE_PROBE_TABLE);
  });

  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('stores every value verbatim, quotes and backslashes included, run after run of one prepared statement', async () => {
    const hostile = [`O'Brien`, `C:\\ruta\\nueva`, `'); drop table statement_probe; --`, `\\'; select 1; --`, 'ñandú 😀', ''];
    for (const body of hostile) {
      const [row] = await database.statement(PROBE_INSERT, [body, 7, '2026-11-22T10:00:00.000Z']);
      expect(row).toMatchObject({ body, n: 7 });
    }
    const [nulls] = await database.statement(PROBE_INSERT, [null, null, null]);
    expect(nulls).toMatchObject({ body: null, n: null, at: null });
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from statement_probe`))).toEqual([{ n: hostile.length + 1 }]);
  });

  it('waits for a transaction another caller has open, and is no part of it (PGlite has one session)', async () => {
    let inserted: () => void = () => undefined;
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into statement_probe (body) values ('in the transaction')`);
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    await insertedInside;
    // Started while the transaction is open (and given turns of the event loop to run): on PGlite it
    // waits for the transaction's end, on PostgreSQL it runs on another connection.
    const stored = database.statement(PROBE_INSERT, ['beside the transaction', 1, null]);
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await rolledBack).toBeInstanceOf(Error);
    expect((await stored)[0]).toMatchObject({ body: 'beside the transaction' });
    expect(rowsOf(await database.db.execute(sql`select body from statement_probe where body in ('in the transaction', 'beside the transaction')`))).toEqual([{ body: 'beside the transaction' }]);
  });

  it('refuses a name that is not an identifier, a wrong number of values and a non-integer number, running nothing', async () => {
    await expect(database.statement({ ...PROBE_INSERT, name: 'bad name; drop' }, ['x', 1, null])).rejects.toThrow('not an identifier');
    await expect(database.statement(PROBE_INSERT, ['x', 1])).rejects.toThrow('takes 3 values');
    await expect(database.statement(PROBE_INSERT, ['x', 1.5, null])).rejects.toThrow('not an integer');
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from statement_probe where body = 'x'`))).toEqual([{ n: 0 }]);
  });
});

describe('prepared hot-path statements on a PGlite directory (the desktop app\'s embedded database)', () => {
  it('keeps what they stored when the process writing them is killed (no close, no filesystem sync asked for)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atiende-statements-'));
    const writer = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./statements-crash-writer.ts', import.meta.url)), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(writer, 'exit');
    try {
      let said = '';
      await new Promise<void>((resolve, reject) => {
        writer.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes('stored')) resolve();
        });
        writer.once('exit', (code) => reject(new Error(`the writer exited (${code}) before storing`)));
        // Before the test's own timeout, so that the finally below still runs and kills the writer.
        setTimeout(() => reject(new Error(`the writer said only ${JSON.stringify(said)} in 45 s`)), 45_000).unref();
      });
      writer.kill('SIGKILL');
      await exited;
      const again = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(rowsOf(await again.db.execute(sql`select body, n from statement_probe order by n`))).toEqual([
          { body: 'mensaje 1', n: 1 },
          { body: 'mensaje 2', n: 2 },
          { body: 'mensaje 3', n: 3 }
        ]);
      } finally {
        await again.close();
      }
    } finally {
      // A writer that never said 'stored' must not outlive the test (a dead one ignores the signal).
      writer.kill('SIGKILL');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
