import { describe, expect, it } from 'vitest';
import { checkEntryForm } from '../../../src/widget/entry-validation';

describe('the widget entry form checks (src/shared/domain/entry-values.ts, which the platform runs too)', () => {
  it('the widget words the same check in Spanish', () => {
    const config = {
      regions: [],
      entryForm: [
        { idField: 1, label: 'Código', fieldType: 'text', required: true, options: [], pattern: '[A-Z]{2}\\d{4}', consentText: null, consentVersion: null },
        { idField: 2, label: 'Autorización', fieldType: 'consent', required: true, options: [], pattern: null, consentText: 'Acepto', consentVersion: 1 }
      ]
    };
    expect(checkEntryForm(config, { 1: '  ' })).toEqual({ ok: false, problems: { 1: 'Este campo es obligatorio', 2: 'Debes aceptar para iniciar el chat' } });
    expect(checkEntryForm(config, { 1: 'ab12', 2: '1' })).toEqual({ ok: false, problems: { 1: 'El dato no tiene el formato esperado' } });
    expect(checkEntryForm(config, { 1: 'AB1234', 2: '1' })).toEqual({ ok: true, answers: { 1: 'AB1234', 2: '1' } });
  });

});
