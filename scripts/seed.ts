/**
 * `npm run seed -- --conversations N [--org 100] [--days 90] [--data-dir path]`: generates the
 * organisation's conversation history (src/server/demo/activity) into the configured database —
 * the PGlite data directory given, else DATABASE_URL, else the server's default data directory —
 * migrating and seeding the demo data first when the database is new. Prints progress and the
 * counts in Spanish. Exit code 0 on success, 1 on failure, 2 on a usage error.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, parseConfig, type ServerConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { defaultMigrationsFolder } from '../src/server/db/migrations-folder';
import { seedDemoData } from '../src/server/demo';
import { generateActivity, type ActivitySummary } from '../src/server/demo/activity';
import { parseSeedArgs, USAGE, UsageError, type SeedArgs } from './seed/args';

export { parseSeedArgs, UsageError, USAGE, type SeedArgs } from './seed/args';

/** The server's own configuration path for the database: --data-dir wins, then DATABASE_URL, then the default directory. */
export function seedConfig(args: SeedArgs, env: Record<string, string | undefined>): ServerConfig {
  return parseConfig(args.dataDir === null ? [] : ['--data-dir', args.dataDir], env);
}

const number = (n: number) => n.toLocaleString('es-CO');
const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '—');

/** The final report, one line per figure. */
export function summaryLines(s: ActivitySummary, seconds: number): string[] {
  return [
    `Organización ${s.org}: ${s.from.toISOString()} … ${s.to.toISOString()} (${seconds.toFixed(1)} s)`,
    ...(s.replaced > 0 ? [`  reemplazadas (de una ejecución anterior): ${number(s.replaced)}`] : []),
    `  conversaciones:              ${number(s.conversations)}`,
    `  escaladas a un asesor:       ${number(s.escalated)} (${share(s.escalated, s.conversations)})`,
    `    atendidas:                 ${number(s.attended)} (${share(s.attended, s.escalated)})`,
    `    abandonadas en espera:     ${number(s.abandoned)} (${share(s.abandoned, s.escalated)})`,
    `    no atendidas:              ${number(s.unattended)} (${share(s.unattended, s.escalated)})`,
    `    fuera de horario:          ${number(s.outOfHours)}`,
    `    trasladadas de split:      ${number(s.transferred)}`,
    `  encuestas respondidas:       ${number(s.surveys)}`,
    `  clientes:                    ${number(s.customers)} (conversaciones de clientes recurrentes: ${number(s.returning)})`,
    `  mensajes:                    ${number(s.messages)}`,
    `  interacciones del asistente: ${number(s.interactions)} (sin entender: ${number(s.notUnderstood)})`,
    `  asignaciones:                ${number(s.assignments)}`,
    `  causales de negocio / fin:   ${number(s.businessReasons)} / ${number(s.finalReasons)}`,
    `  notificaciones:              ${number(s.notifications)} (fallidas: ${number(s.failedNotifications)})`,
    `  llamadas a integraciones:    ${number(s.integrationCalls)} (fallidas: ${number(s.failedIntegrationCalls)})`,
    `  cambios de estado de asesor: ${number(s.statusChanges)}`
  ];
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args: SeedArgs;
  let config: ServerConfig;
  try {
    args = parseSeedArgs(argv);
    config = seedConfig(args, process.env);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ConfigError)) throw error;
    console.error(`Error: ${error.message}`);
    console.error(USAGE);
    return 2;
  }
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.database.dataDir}`;
  console.log(`Generando ${number(args.conversations)} conversaciones de los últimos ${args.days} días para la organización ${args.org} en ${where}…`);
  const database = await openDatabase(config.database);
  try {
    const prepared = performance.now();
    await database.prepare(config.migrationsFolder ?? defaultMigrationsFolder(), async (db) => {
      await seedDemoData(db, { now: new Date(), conversations: 0 });
    });
    console.log(`  base de datos lista (migraciones y datos de demostración) en ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
    const started = performance.now();
    const summary = await generateActivity(database.db, {
      org: args.org,
      now: new Date(),
      count: args.conversations,
      days: args.days,
      onProgress: (written, total) =>
        console.log(`  ${number(written)} / ${number(total)} conversaciones (${share(written, total)}) — ${((performance.now() - started) / 1000).toFixed(1)} s`)
    });
    for (const line of summaryLines(summary, (performance.now() - started) / 1000)) console.log(line);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('No fue posible generar la actividad:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
  );
}
