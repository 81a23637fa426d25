import { describe, expect, it } from 'vitest';
import { bestMatch, MATCH_THRESHOLD, normalizeText, sameWord, similarity, tokenize } from '../../../src/server/bot/matcher';

describe('bot matcher: normalisation', () => {
  it('lower-cases, strips accents and punctuation, collapses spaces', () => {
    expect(normalizeText('  ¿Cuál es el HORARIO de atención?!  ')).toBe('cual es el horario de atencion');
    expect(normalizeText('Mañana, ¿sí?')).toBe('manana si');
    expect(normalizeText('...')).toBe('');
  });

  it('drops filler words and repeats', () => {
    expect(tokenize('Quiero hablar con un asesor, un asesor')).toEqual(['quiero', 'hablar', 'asesor']);
    expect(tokenize('de la')).toEqual([]);
  });

  it('treats words one edit apart as the same only when long enough', () => {
    expect(sameWord('asesor', 'asesr')).toBe(true);
    expect(sameWord('horario', 'horarios')).toBe(true);
    expect(sameWord('pago', 'pagos')).toBe(true);
    expect(sameWord('sol', 'sal')).toBe(false);
    expect(sameWord('horario', 'horror')).toBe(false);
    expect(sameWord('casa', 'cosas')).toBe(false);
  });
});

describe('bot matcher: similarity', () => {
  it('scores an identical phrase 1, even one made only of filler words', () => {
    expect(similarity('Horario de atención', 'horario de atencion')).toBe(1);
    expect(similarity('¿Y tú?', 'y tu')).toBe(1);
  });

  it('is the Dice coefficient of the meaningful words', () => {
    // {hola, cual, horario, atencion} vs {horario, atencion}: 2·2 / (4 + 2)
    expect(similarity('Hola, ¿cuál es el horario de atención?', 'horario de atención')).toBeCloseTo(4 / 6);
    expect(similarity('quiero pagar mi factura', 'horario de atención')).toBe(0);
    expect(similarity('', 'hola')).toBe(0);
  });
});

describe('bot matcher: best match', () => {
  const nodes = [
    { id: 1, name: 'saludo', examples: ['hola', 'buenos días'] },
    { id: 2, name: 'horarios', examples: ['horario de atención', '¿a qué hora abren?'] },
    { id: 3, name: 'asesor', examples: ['hablar con un asesor', 'quiero una persona'] },
    { id: 4, name: 'horarios-bis', examples: ['horario de atención'] }
  ];

  it('picks the node with the best example above the threshold', () => {
    expect(bestMatch('Quiero hablar con un asesor por favor', nodes)?.candidate.name).toBe('asesor');
    expect(bestMatch('a que hora abren', nodes)?.candidate.name).toBe('horarios');
    const m = bestMatch('¿Cuál es el horario de atencion?', nodes);
    expect(m?.candidate.name).toBe('horarios');
    expect(m?.example).toBe('horario de atención');
  });

  it('breaks ties in favour of the earlier node', () => {
    expect(bestMatch('horario de atención', nodes)?.candidate.id).toBe(2);
  });

  it('tolerates a typo', () => {
    expect(bestMatch('hablar con un asesr', nodes)?.candidate.name).toBe('asesor');
  });

  it('answers null below the threshold or for empty text', () => {
    expect(bestMatch('necesito el certificado tributario del año pasado', nodes)).toBeNull();
    expect(bestMatch('   ', nodes)).toBeNull();
    expect(bestMatch('hola', [])).toBeNull();
    // One shared word out of 1 + 3 scores 0.5: exactly the threshold matches, a higher one does not.
    expect(bestMatch('asesor', [{ id: 9, examples: ['asesor comercial disponible'] }])?.score).toBe(MATCH_THRESHOLD);
    expect(bestMatch('asesor', [{ id: 9, examples: ['asesor comercial disponible'] }], 0.6)).toBeNull();
  });
});
