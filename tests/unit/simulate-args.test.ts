import { describe, expect, it } from 'vitest';
import { answersFor } from '../../scripts/simulate/customer';
import { ALL_FEATURES_ON } from '../../src/shared/domain/feature';
import { parseSimulateArgs, UsageError } from '../../scripts/simulate/args';

describe('simulate: command line', () => {
  it('reads the flags with their defaults', () => {
    expect(parseSimulateArgs(['--customers', '20', '--rate', '2.5'])).toEqual({ customers: 20, rate: 2.5, url: 'http://127.0.0.1:3100', org: 100, va: 1, waitSeconds: 120 });
    expect(parseSimulateArgs(['--customers=3', '--rate=1', '--url=https://chat.example.co/base', '--org', '200', '--va', '3', '--wait', '0'])).toEqual({
      customers: 3,
      rate: 1,
      url: 'https://chat.example.co',
      org: 200,
      va: 3,
      waitSeconds: 0
    });
  });

  it.each([
    [[], 'Falta --customers'],
    [['--customers', '5'], 'Falta --rate'],
    [['--customers', '0', '--rate', '1'], '--customers debe estar entre 1 y 10000 (recibido 0)'],
    [['--customers', 'diez', '--rate', '1'], '--customers debe ser un número entero (recibido «diez»)'],
    [['--customers', '5', '--rate', '0'], '--rate debe ser mayor que 0 y hasta 1000 (recibido 0)'],
    [['--customers', '5', '--rate', '-1'], '--rate debe ser un número (recibido «-1»)'],
    [['--customers', '5', '--rate', '1', '--url', 'ftp://x'], '--url debe empezar por http:// o https://'],
    [['--customers', '5', '--rate', '1', '--url', 'no es url'], '--url no es una dirección válida (recibido «no es url»)'],
    [['--customers', '5', '--rate', '1', '--org'], 'Falta el valor de --org'],
    [['--customers', '5', '--rate', '1', '--clientes', '3'], 'Opción desconocida: --clientes'],
    [['--customers', '5', '--customers', '6', '--rate', '1'], '--customers aparece más de una vez']
  ])('refuses %j in Spanish', (argv, message) => {
    expect(() => parseSimulateArgs(argv)).toThrow(new UsageError(message));
  });
});

describe('simulate: entry-form answers', () => {
  it('answers every field in a format the platform accepts, unique per customer', () => {
    const config = {
      org: 100,
      va: 1,
      organizationName: 'Demo',
      assistantName: 'Asistente',
      design: null,
      avatarUrl: null,
      features: ALL_FEATURES_ON,
      regions: [],
      entryForm: [
        { idField: 1, label: 'Nombre completo', fieldType: 'text', required: true, options: [], pattern: null, consentText: null, consentVersion: null },
        { idField: 2, label: 'Tipo de documento', fieldType: 'select', required: true, options: ['TI', 'CC'], pattern: null, consentText: null, consentVersion: null },
        { idField: 3, label: 'Número de documento', fieldType: 'document', required: true, options: [], pattern: null, consentText: null, consentVersion: null },
        { idField: 4, label: 'Correo', fieldType: 'email', required: false, options: [], pattern: null, consentText: null, consentVersion: null },
        { idField: 5, label: 'Celular', fieldType: 'phone', required: false, options: [], pattern: null, consentText: null, consentVersion: null },
        { idField: 6, label: 'Edad', fieldType: 'number', required: false, options: [], pattern: null, consentText: null, consentVersion: null }
      ]
    };
    const a = answersFor(config, 7, 'abc123');
    const b = answersFor(config, 8, 'abc123');
    expect(a['1']).toBe('Cliente Simulado 7');
    expect(a['2']).toBe('CC');
    expect(a['3']).toMatch(/^[A-Za-z0-9-]{4,20}$/);
    expect(a['4']).toBe('cliente7.abc123@simulacion.example');
    expect(a['5']).toMatch(/^\d{10}$/);
    expect(a['6']).toBe('7');
    expect(b['3']).not.toBe(a['3']);
  });
});
