/** The generator's command line: `npm run seed -- --conversations N [--org ID] [--days D] [--data-dir path]`. */

export const MAX_SEED_CONVERSATIONS = 1_000_000;
export const MAX_SEED_DAYS = 730;

export const USAGE = [
  'Uso: npm run seed -- --conversations N [--org ID] [--days D] [--data-dir carpeta]',
  `  --conversations N  conversaciones a generar (0 a ${MAX_SEED_CONVERSATIONS.toLocaleString('es-CO')}; 0 quita la actividad generada)`,
  '  --org ID           organización (por omisión 100)',
  `  --days D           días hacia atrás desde ahora en que se reparten (1 a ${MAX_SEED_DAYS}, por omisión 90)`,
  '  --data-dir D       carpeta de datos PGlite; sin ella, DATABASE_URL (PostgreSQL) o ./.data/platform',
  'Reemplaza la actividad que una ejecución anterior generó para esa organización. Detenga la plataforma antes (PGlite).'
].join('\n');

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface SeedArgs {
  conversations: number;
  org: number;
  days: number;
  /** An explicit PGlite data directory, or null for the configured database. */
  dataDir: string | null;
}

const FLAGS = ['--conversations', '--org', '--days', '--data-dir'] as const;
type Flag = (typeof FLAGS)[number];
const isFlag = (s: string): s is Flag => (FLAGS as readonly string[]).includes(s);

/** Digits, optionally grouped by thousands with '.' or '_' (1.000.000, 1_000_000). */
function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) && !/^\d{1,3}([._]\d{3})+$/.test(raw)) throw new UsageError(`${flag} debe ser un número entero (recibido «${raw}»)`);
  const digits = raw.replace(/[_.]/g, '');
  const n = Number(digits);
  if (n < min || n > max) throw new UsageError(`${flag} debe estar entre ${min.toLocaleString('es-CO')} y ${max.toLocaleString('es-CO')} (recibido ${raw})`);
  return n;
}

/** Reads the flags (`--flag value` or `--flag=value`); throws UsageError with a Spanish message. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const given = new Map<Flag, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const [name, inline] = eq >= 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (!isFlag(name)) throw new UsageError(`Opción desconocida: ${arg}`);
    if (given.has(name)) throw new UsageError(`${name} aparece más de una vez`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.trim() === '' || (inline === undefined && value.startsWith('--'))) throw new UsageError(`Falta el valor de ${name}`);
    given.set(name, value);
  }
  const conversations = given.get('--conversations');
  if (conversations === undefined) throw new UsageError('Falta --conversations');
  return {
    conversations: integer('--conversations', conversations, 0, MAX_SEED_CONVERSATIONS),
    org: integer('--org', given.get('--org') ?? '100', 1, 2_147_483_647),
    days: integer('--days', given.get('--days') ?? '90', 1, MAX_SEED_DAYS),
    dataDir: given.get('--data-dir') ?? null
  };
}
