import { describe, expect, it } from 'vitest';
import type { ContentWord, Reading } from '../../../src/server/bot/intent-model';
import { DEFAULT_THRESHOLDS, judge, MAX_OPTIONS } from '../../../src/server/bot/understand';
import { workspaces } from '../../../src/server/db/schema';

/** A word the nodes' examples use (no nodes: the workspace never uses it); `*` marks an everyday word. */
const w = (stem: string, ...nodeIds: string[]): ContentWord => ({ stem: stem.replace('*', ''), nodeIds, everyday: stem.endsWith('*') });
const reading = (ranking: [string, number][], words: ContentWord[]): Reading => ({
  ranking: ranking.map(([nodeId, score]) => ({ nodeId, score })),
  words,
  tokens: []
});
const THRESHOLDS = { answer: 0.6, options: 0.3 };
const SOCIAL = new Set(['bienvenida', 'despedida']);

describe('bot understanding of a reading', () => {
  it('answers the likeliest node the words back when it reaches the answer threshold', () => {
    const result = judge(reading([['horarios', 0.9], ['pagos', 0.1]], [w('hor', 'horarios'), w('abr', 'horarios')]), THRESHOLDS, SOCIAL);
    expect(result).toMatchObject({ kind: 'answer', nodeId: 'horarios' });
  });

  it('does not understand a text whose words are mostly ones the workspace never uses, however sure the ranking is', () => {
    // 'a qué hora juega la selección': one word of the hours node, two unknown.
    const result = judge(reading([['horarios', 0.99]], [w('hor', 'horarios'), w('jueg'), w('seleccion')]), THRESHOLDS, SOCIAL);
    expect(result).toEqual({ kind: 'none' });
    // Nothing the workspace uses at all.
    expect(judge(reading([['horarios', 1]], [w('chist')]), THRESHOLDS, SOCIAL)).toEqual({ kind: 'none' });
    expect(judge(reading([], []), THRESHOLDS, SOCIAL)).toEqual({ kind: 'none' });
  });

  it('lets everyday words pass without counting for or against a question', () => {
    // 'quisiera saber el horario de ustedes hoy': 'ustedes' and 'hoy' are everyday words.
    const words = [w('horar', 'horarios'), w('usted*'), w('hoy*'), w('pued*', 'pagos', 'horarios')];
    expect(judge(reading([['horarios', 0.8], ['pagos', 0.2]], words), THRESHOLDS, SOCIAL)).toMatchObject({ kind: 'answer', nodeId: 'horarios', evidence: 1 });
    // An everyday word alone backs no question.
    expect(judge(reading([['pagos', 0.9]], [w('pued*', 'pagos')]), THRESHOLDS, SOCIAL)).toEqual({ kind: 'none' });
  });

  it('accepts as many unknown words as its own only when the ranking is as sure as an answer', () => {
    const words = [w('horar', 'horarios'), w('manej')];
    expect(judge(reading([['horarios', 0.95]], words), THRESHOLDS, SOCIAL)).toMatchObject({ kind: 'answer', nodeId: 'horarios' });
    expect(judge(reading([['horarios', 0.5], ['pagos', 0.5]], words), THRESHOLDS, SOCIAL)).toEqual({ kind: 'none' });
  });

  it('offers options when two nodes have the same evidence, never answering either', () => {
    // 'cómo se usa la aplicación': 'aplicación' is in the examples of both.
    const result = judge(reading([['soporte', 0.72], ['tutorial', 0.28]], [w('aplic', 'soporte', 'tutorial')]), THRESHOLDS, SOCIAL);
    expect(result).toMatchObject({ kind: 'options', nodeIds: ['soporte', 'tutorial'] });
  });

  it('offers options between the two thresholds, without greeting nodes, at most three', () => {
    const words = [w('cuent', 'a', 'b', 'c', 'd', 'bienvenida')];
    const ranking: [string, number][] = [['a', 0.3], ['bienvenida', 0.25], ['b', 0.2], ['c', 0.15], ['d', 0.1]];
    const result = judge(reading(ranking, words), { answer: 0.6, options: 0.2 }, SOCIAL);
    expect(result.kind).toBe('options');
    if (result.kind !== 'options') return;
    expect(result.nodeIds).toHaveLength(MAX_OPTIONS);
    expect(result.nodeIds).not.toContain('bienvenida');
    expect(result.nodeIds[0]).toBe('a');
  });

  it('does not understand below the options threshold', () => {
    const words = [w('cuent', 'a', 'b')];
    expect(judge(reading([['a', 0.55], ['b', 0.45]], words), { answer: 0.9, options: 0.8 }, SOCIAL)).toEqual({ kind: 'none' });
  });

  it('lets a greeting carry as many unknown words as its own', () => {
    // 'saludos cordiales', 'hola amigo'
    expect(judge(reading([['bienvenida', 1]], [w('salud', 'bienvenida'), w('cordial')]), THRESHOLDS, SOCIAL)).toMatchObject({ kind: 'answer', nodeId: 'bienvenida' });
    // but not a question it does not know: 'hola, cuál es la capital de Francia'
    expect(judge(reading([['bienvenida', 1]], [w('hol', 'bienvenida'), w('capital'), w('franci')]), THRESHOLDS, SOCIAL)).toEqual({ kind: 'none' });
  });

  it('a new workspace gets the default thresholds', () => {
    expect({ answer: workspaces.answerThreshold.default, options: workspaces.optionsThreshold.default }).toEqual(DEFAULT_THRESHOLDS);
  });
});
