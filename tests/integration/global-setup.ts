import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { defaultMigrationsFolder } from '../../src/server/db/migrations-folder';
import { ensureWidgetBundle } from '../../scripts/widget-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory image (tests/support/database.ts starts every in-memory test database from it). */
    pgliteTemplatePath: string;
  }
}

/**
 * Once per run: an in-memory PGlite, migrated and nothing else, dumped to a file. A database
 * started from it skips initdb and the migrations (seconds on PGlite); what a test's own
 * configuration decides (the demo data, its clock) each app still does as it starts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server imports the customer widget's build (src/server/widget/bundle.generated.js).
  await ensureWidgetBundle();
  const dir = await mkdtemp(join(tmpdir(), 'atiende-pglite-'));
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: defaultMigrationsFolder() });
    const image = await client.dumpDataDir('none');
    const path = join(dir, 'template.tar');
    await writeFile(path, new Uint8Array(await image.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
  } finally {
    await client.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
