import { describe, expect, it } from 'vitest';
import { parseSeedArgs, UsageError } from '../../scripts/seed/args';
import { seedConfig } from '../../scripts/seed';

describe('seed: command line', () => {
  it('reads the flags with their defaults', () => {
    expect(parseSeedArgs(['--conversations', '15000'])).toEqual({ conversations: 15000, org: 100, days: 90, dataDir: null });
    expect(parseSeedArgs(['--conversations=1.000.000', '--org', '200', '--days=30', '--data-dir', '/tmp/atiende datos'])).toEqual({
      conversations: 1_000_000,
      org: 200,
      days: 30,
      dataDir: '/tmp/atiende datos'
    });
    expect(parseSeedArgs(['--conversations', '1_000_000']).conversations).toBe(1_000_000);
    // 0 removes what an earlier run generated.
    expect(parseSeedArgs(['--conversations', '0']).conversations).toBe(0);
  });

  it.each([
    [[], 'Falta --conversations'],
    [['--org', '100'], 'Falta --conversations'],
    [['--conversations', '1000001'], '--conversations debe estar entre 0 y 1.000.000 (recibido 1000001)'],
    [['--conversations', 'mil'], '--conversations debe ser un número entero (recibido «mil»)'],
    [['--conversations', '-5'], '--conversations debe ser un número entero (recibido «-5»)'],
    [['--conversations', '1.5'], '--conversations debe ser un número entero (recibido «1.5»)'],
    [['--conversations', '10', '--days', '0'], '--days debe estar entre 1 y 730 (recibido 0)'],
    [['--conversations', '10', '--days', '731'], '--days debe estar entre 1 y 730 (recibido 731)'],
    [['--conversations', '10', '--org', '0'], '--org debe estar entre 1 y 2.147.483.647 (recibido 0)'],
    [['--conversations', '10', '--org'], 'Falta el valor de --org'],
    [['--conversations', '--org', '100'], 'Falta el valor de --conversations'],
    [['--conversations', '10', '--data-dir='], 'Falta el valor de --data-dir'],
    [['--conversations', '10', '--conversaciones', '3'], 'Opción desconocida: --conversaciones'],
    [['--conversations', '10', '--memory'], 'Opción desconocida: --memory'],
    [['--conversations', '5', '--conversations', '6'], '--conversations aparece más de una vez']
  ])('refuses %j in Spanish', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(new UsageError(message));
  });

  it('writes where the server would: --data-dir, else DATABASE_URL, else the default data directory', () => {
    const url = 'postgres://root@127.0.0.1:5432/otra';
    expect(seedConfig(parseSeedArgs(['--conversations', '1']), { DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    const dir = seedConfig(parseSeedArgs(['--conversations', '1', '--data-dir', 'datos']), { DATABASE_URL: url }).database;
    expect(dir.kind).toBe('pglite');
    expect(dir.kind === 'pglite' && dir.dataDir?.endsWith('/datos')).toBe(true);
    const fallback = seedConfig(parseSeedArgs(['--conversations', '1']), {}).database;
    expect(fallback.kind === 'pglite' && fallback.dataDir?.endsWith('/.data/platform')).toBe(true);
  });
});
