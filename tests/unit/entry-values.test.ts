import { describe, expect, it } from 'vitest';
import { checkEntryAnswers, consentAnswer, entryValueProblem, type EntryValueField } from '../../src/shared/domain/entry-values';
import { UpdateEntryForm } from '../../src/shared/domain/entry-form';
import { patternProblem } from '../../src/shared/domain/safe-pattern';

const field = (over: Partial<EntryValueField>): EntryValueField => ({ idField: 1, fieldType: 'text', required: false, options: [], pattern: null, consentVersion: null, ...over });
const none = { cityIds: new Set<number>() };

describe('entry-form values (one definition for the widget and the platform)', () => {
  it('a required field refuses blank and whitespace-only input; an optional empty one never blocks', () => {
    for (const raw of [undefined, '', '   ', '\t\n']) expect(entryValueProblem(field({ required: true }), raw, none)).toBe('required');
    for (const raw of [undefined, '', '   ']) expect(entryValueProblem(field({ required: false, fieldType: 'email', pattern: '\\d+' }), raw, none)).toBeNull();
    expect(checkEntryAnswers([field({ idField: 1 }), field({ idField: 2, required: true })], { 1: '  ', 2: ' Ana ' }, none)).toEqual({ ok: true, answers: { 2: 'Ana' } });
  });

  it('applies a stored pattern to the whole answer', () => {
    const code = field({ required: true, pattern: '[A-Z]{2}\\d{4}' });
    expect(entryValueProblem(code, 'AB1234', none)).toBeNull();
    expect(entryValueProblem(code, ' AB1234 ', none)).toBeNull();
    expect(entryValueProblem(code, 'xAB1234', none)).toBe('pattern');
    expect(entryValueProblem(code, 'AB12345', none)).toBe('pattern');
    expect(entryValueProblem(field({ fieldType: 'email', pattern: '.+@empresa\\.co' }), 'ana@otra.co', none)).toBe('pattern');
    expect(entryValueProblem(field({ fieldType: 'email', pattern: '.+@empresa\\.co' }), 'ana@empresa.co', none)).toBeNull();
  });

  it('a required consent is the version shown, checked; anything else is refused', () => {
    const consent = field({ fieldType: 'consent', required: true, consentVersion: 3 });
    expect(entryValueProblem(consent, '', none)).toBe('consent');
    expect(entryValueProblem(consent, 'true', none)).toBe('consentChanged');
    expect(entryValueProblem(consent, '2', none)).toBe('consentChanged');
    expect(entryValueProblem(consent, consentAnswer(3), none)).toBeNull();
    expect(entryValueProblem(field({ fieldType: 'consent', consentVersion: 3 }), '', none)).toBeNull();
  });

  it('a city must be one the form offers', () => {
    const city = field({ fieldType: 'city', required: true });
    expect(entryValueProblem(city, '5001', { cityIds: new Set([5001]) })).toBeNull();
    expect(entryValueProblem(city, '50001', { cityIds: new Set([5001]) })).toBe('city');
    expect(entryValueProblem(city, 'Medellín', { cityIds: new Set([5001]) })).toBe('city');
  });

  it('stores only patterns that compile, are short and cannot backtrack catastrophically', () => {
    expect(patternProblem('[A-Z]{2}\\d{4}')).toBeNull();
    expect(patternProblem('\\d{6,10}')).toBeNull();
    for (const p of ['([a-z', '(a+)+', '(\\d*)*', '(a|aa)*', '(x|y)+z', '(a)\\1', 'a'.repeat(201)]) expect(patternProblem(p), p).not.toBeNull();
    expect(UpdateEntryForm.safeParse({ fields: [{ label: 'Código', fieldType: 'text', pattern: '(a+)+' }] }).success).toBe(false);
    expect(UpdateEntryForm.safeParse({ fields: [{ label: 'Lista', fieldType: 'select', pattern: '\\d', options: ['A'] }] }).success).toBe(false);
    expect(UpdateEntryForm.safeParse({ fields: [{ label: 'Código', fieldType: 'text', pattern: '[A-Z]{2}\\d{4}' }] }).success).toBe(true);
  });
});
