import { describe, expect, it } from 'vitest';
import { CreateCompanyUser, CreateUser, UpdateUser } from '../../src/shared/domain/user';
import { PASSWORD_TEXT, containsEmail, passwordIssues } from '../../src/shared/domain/password-policy';

describe('the password policy (shared by the platform and the forms)', () => {
  it('lists every rule a password breaks, in Spanish', () => {
    expect(passwordIssues('Segura2026')).toEqual([]);
    expect(passwordIssues('corta')).toEqual([PASSWORD_TEXT.tooShort, PASSWORD_TEXT.digit]);
    expect(passwordIssues('12345678')).toEqual([PASSWORD_TEXT.letter]);
    expect(passwordIssues('x'.repeat(129) + '1')).toEqual([PASSWORD_TEXT.tooLong]);
    expect(passwordIssues('Ana.Perez2026', { email: 'ana.perez@demo.co' })).toEqual([PASSWORD_TEXT.containsEmail]);
    expect(passwordIssues('Segura2026', { current: 'Segura2026' })).toEqual([PASSWORD_TEXT.sameAsCurrent]);
  });

  it("finds the e-mail or its user name inside the password, ignoring case; short user names are not looked for", () => {
    expect(containsEmail('xANA.PEREZ@DEMO.COx1', 'ana.perez@demo.co')).toBe(true);
    expect(containsEmail('Perez2026ana', 'ana.perez@demo.co')).toBe(false);
    expect(containsEmail('Ana2026ana', 'ana@demo.co')).toBe(false);
    expect(containsEmail('Segura2026', '')).toBe(false);
  });

  it('is part of the user forms: create and edit refuse a password holding the e-mail, under password', () => {
    const user = { name: 'Ana', email: 'mariana@demo.co', role: 5, password: 'Mariana2026' };
    for (const result of [CreateCompanyUser.safeParse(user), CreateUser.safeParse({ ...user, company: 100 }), UpdateUser.safeParse({ ...user, idUser: 4 })]) {
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', PASSWORD_TEXT.containsEmail]]);
    }
    expect(UpdateUser.safeParse({ ...user, idUser: 4, password: undefined }).success).toBe(true);
    expect(CreateCompanyUser.safeParse({ ...user, password: 'Segura2026', role: 2 }).error?.issues[0]?.path).toEqual(['role']);
  });
});
