/** The simulator's command line: `npm run simulate -- --customers N --rate R [--url U] [--org ID] [--va ID] [--wait S]`. */

export const USAGE = [
  'Uso: npm run simulate -- --customers N --rate R [--url U] [--org ID] [--va ID] [--wait S]',
  '  --customers N  clientes a simular (1 a 10000)',
  '  --rate R       clientes que empiezan por segundo (mayor que 0, hasta 1000)',
  '  --url U        dirección de la plataforma (por omisión http://127.0.0.1:3100)',
  '  --org ID       organización (por omisión 100)',
  '  --va ID        asistente virtual (por omisión 1)',
  '  --wait S       segundos que cada cliente espera a un asesor antes de salir (por omisión 120)'
].join('\n');

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface SimulateArgs {
  url: string;
  org: number;
  va: number;
  customers: number;
  rate: number;
  /** Seconds each customer waits for an agent before leaving. */
  waitSeconds: number;
}

export const DEFAULT_URL = 'http://127.0.0.1:3100';

const FLAGS = ['--customers', '--rate', '--url', '--org', '--va', '--wait'] as const;
type Flag = (typeof FLAGS)[number];
const isFlag = (s: string): s is Flag => (FLAGS as readonly string[]).includes(s);

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${flag} debe ser un número entero (recibido «${raw}»)`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`${flag} debe estar entre ${min} y ${max} (recibido ${n})`);
  return n;
}

function decimal(flag: string, raw: string, max: number): number {
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new UsageError(`${flag} debe ser un número (recibido «${raw}»)`);
  const n = Number(raw);
  if (n <= 0 || n > max) throw new UsageError(`${flag} debe ser mayor que 0 y hasta ${max} (recibido ${n})`);
  return n;
}

function url(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new UsageError(`--url no es una dirección válida (recibido «${raw}»)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError('--url debe empezar por http:// o https://');
  return parsed.origin;
}

/** Reads the flags (`--flag value` or `--flag=value`); throws UsageError with a Spanish message. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const given = new Map<Flag, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!isFlag(name)) throw new UsageError(`Opción desconocida: ${arg}`);
    if (given.has(name)) throw new UsageError(`${name} aparece más de una vez`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) throw new UsageError(`Falta el valor de ${name}`);
    given.set(name, value);
  }
  const customers = given.get('--customers');
  const rate = given.get('--rate');
  if (customers === undefined) throw new UsageError('Falta --customers');
  if (rate === undefined) throw new UsageError('Falta --rate');
  return {
    customers: integer('--customers', customers, 1, 10_000),
    rate: decimal('--rate', rate, 1000),
    url: url(given.get('--url') ?? DEFAULT_URL),
    org: integer('--org', given.get('--org') ?? '100', 1, 2_147_483_647),
    va: integer('--va', given.get('--va') ?? '1', 1, 2_147_483_647),
    waitSeconds: integer('--wait', given.get('--wait') ?? '120', 0, 86_400)
  };
}
