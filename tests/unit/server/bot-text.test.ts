import { describe, expect, it } from 'vitest';
import { prepareText, properNames } from '../../../src/server/bot/text';

describe('bot text preparation', () => {
  it('lower-cases, strips accents and punctuation, collapses spaces', () => {
    expect(prepareText('  ¿Cuál es el HORARIO de atención?!  ')).toBe('cual es el horario de atencion');
    expect(prepareText('Mañana, ¿sí?')).toBe('manana si');
    expect(prepareText('...')).toBe('');
    expect(prepareText('')).toBe('');
  });

  it('spells out Spanish chat shorthand, whole words only', () => {
    expect(prepareText('a q hora abren')).toBe('a que hora abren');
    expect(prepareText('xq no llega, dnd esta?')).toBe('porque no llega donde esta');
    expect(prepareText('formas d pago x favor')).toBe('formas de pago por favor');
    expect(prepareText('ola k ase')).toBe('hola que ase');
    // Not inside words: 'quedan' keeps its q, 'xfavor' is one word of its own.
    expect(prepareText('quedan')).toBe('quedan');
    expect(prepareText('xfavor')).toBe('por favor');
  });

  it('cuts letters held down back to one, and a doubled last vowel (but e) or s', () => {
    expect(prepareText('holaaaa')).toBe('hola');
    expect(prepareText('holaa')).toBe('hola');
    expect(prepareText('graciasss!!')).toBe('gracias');
    expect(prepareText('buenass tardes')).toBe('buenas tardes');
    // Spanish double letters inside words and the 'ee' of lee/cree stay.
    expect(prepareText('llamar carro leer')).toBe('llamar carro leer');
    expect(prepareText('lee cree')).toBe('lee cree');
    expect(prepareText('la app')).toBe('la app');
  });
});

describe('properNames', () => {
  it('finds the capitalised words inside the examples, not their first word nor acronyms', () => {
    expect([...properNames(['tienen oficinas en Cali', 'sedes en Bogotá, Medellín o Barranquilla', 'Horarios de atención', 'pagar por PSE', '¿Dónde quedan? En Pereira'])].sort()).toEqual(['barranquilla', 'bogota', 'cali', 'medellin', 'pereira']);
  });
});
