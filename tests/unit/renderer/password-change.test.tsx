// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXT, validatePasswordChange } from '../../../src/renderer/features/session/validation';

describe('validatePasswordChange', () => {
  it('asks for every field', () => {
    expect(validatePasswordChange({ current: '', next: '', confirm: '' })).toEqual({
      ok: false,
      errors: { current: PASSWORD_TEXT.currentRequired, next: PASSWORD_TEXT.nextRequired, confirm: PASSWORD_TEXT.confirmRequired }
    });
  });

  it.each([
    ['Ab1', 'La contraseña debe tener al menos 8 caracteres'],
    ['12345678', 'La contraseña debe tener al menos una letra'],
    ['abcdefgh', 'La contraseña debe tener al menos un número']
  ])('applies the new-password rule to %s', (next, message) => {
    const result = validatePasswordChange({ current: 'Atiende2026!', next, confirm: next });
    expect(result).toEqual({ ok: false, errors: { next: message } });
  });

  it('requires the confirmation to match', () => {
    const result = validatePasswordChange({ current: 'Atiende2026!', next: 'NuevaClave2026', confirm: 'NuevaClave2027' });
    expect(result).toEqual({ ok: false, errors: { confirm: PASSWORD_TEXT.mismatch } });
  });

  it('refuses reusing the current password', () => {
    const result = validatePasswordChange({ current: 'Atiende2026!', next: 'Atiende2026!', confirm: 'Atiende2026!' });
    expect(result).toEqual({ ok: false, errors: { next: PASSWORD_TEXT.sameAsCurrent } });
  });

  it('builds the update body', () => {
    expect(validatePasswordChange({ current: 'Atiende2026!', next: 'NuevaClave2026', confirm: 'NuevaClave2026' })).toEqual({
      ok: true,
      data: { oldPassword: 'Atiende2026!', newPassword: 'NuevaClave2026' }
    });
  });
});
