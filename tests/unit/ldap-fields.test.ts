import { describe, expect, it } from 'vitest';
import { LdapLoginBody, LdapProbeBody, LdapSettingsBody, type LdapSettingsBody as Settings } from '../../src/shared/domain/ldap';

/**
 * Every text of a directory's settings and of an LDAP sign-in reaches the directory's socket (or
 * its filter) as it is: the shared schemas (src/shared/domain/ldap.ts), which the server and the
 * renderer's forms both use, refuse a control character in each one with a Spanish message that
 * names the field.
 */

const CONTROL = ['x\r\nSET k v\r\nQUIT\r\n', 'a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001b[2Jb', 'a\u007fb', 'a\u0085b'];

const settings: Settings = {
  enabled: true,
  url: 'ldap://203.0.113.10:389',
  bindDn: 'cn=servicio,dc=atiende,dc=test',
  bindPassword: 'Servicio-2026',
  searchBase: 'ou=people,dc=atiende,dc=test',
  userFilter: '(uid={{username}})',
  groupSearchBase: 'ou=groups,dc=atiende,dc=test',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  roleMappings: [{ groupDn: 'cn=asesores,ou=groups,dc=atiende,dc=test', role: 5 }],
  timeoutMs: 3000,
  connectTimeoutMs: 3000
};

/** Puts `bad` inside a field's valid value (where it keeps the value's shape: inside the filter's parentheses, after a DN's '='). */
const inside = (value: string, bad: string): string => `${value.slice(0, -1)}${bad}${value.slice(-1)}`;

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string): string[] {
  return (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('the LDAP schemas refuse control characters', () => {
  const fields: [string, (bad: string) => unknown, RegExp][] = [
    ['url', (bad) => ({ ...settings, url: `ldap://203.0.113.10:3${bad}89` }), /^La URL del directorio contiene caracteres no permitidos/],
    ['bindDn', (bad) => ({ ...settings, bindDn: inside(settings.bindDn, bad) }), /^El DN de la cuenta de servicio contiene caracteres no permitidos/],
    ['bindPassword', (bad) => ({ ...settings, bindPassword: `x${bad}` }), /^La contraseña de la cuenta de servicio contiene caracteres no permitidos/],
    ['searchBase', (bad) => ({ ...settings, searchBase: inside(settings.searchBase, bad) }), /^La base de búsqueda contiene caracteres no permitidos/],
    ['userFilter', (bad) => ({ ...settings, userFilter: inside(settings.userFilter, bad) }), /^El filtro de usuarios contiene caracteres no permitidos/],
    ['groupSearchBase', (bad) => ({ ...settings, groupSearchBase: inside(settings.groupSearchBase, bad) }), /^La base de búsqueda de grupos contiene caracteres no permitidos/],
    ['emailAttribute', (bad) => ({ ...settings, emailAttribute: `ma${bad}il` }), /^El atributo de correo contiene caracteres no permitidos/],
    ['nameAttribute', (bad) => ({ ...settings, nameAttribute: `c${bad}n` }), /^El atributo de nombre contiene caracteres no permitidos/],
    ['roleMappings.0.groupDn', (bad) => ({ ...settings, roleMappings: [{ groupDn: inside('cn=asesores,dc=atiende,dc=test', bad), role: 5 }] }), /^El DN del grupo contiene caracteres no permitidos/]
  ];

  it.each(fields)('in the settings: %s', (path, body, message) => {
    expect(LdapSettingsBody.safeParse(settings).success).toBe(true);
    for (const bad of CONTROL) {
      const result = LdapSettingsBody.safeParse(body(bad));
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(messagesOf(result, path).some((m) => message.test(m)), `${path} ${JSON.stringify(bad)}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  it("in the sign-in and 'Probar': the user name, the password, the organisation's name", () => {
    const login = { username: 'ana', password: 'Clave-Ana-2026', organization: 'Demo Contact Center' };
    expect(LdapLoginBody.safeParse(login).success).toBe(true);
    for (const bad of CONTROL) {
      for (const [field, message] of [
        ['username', /^El usuario contiene caracteres no permitidos/],
        ['password', /^La contraseña contiene caracteres no permitidos/],
        ['organization', /^La entidad contiene caracteres no permitidos/]
      ] as const) {
        const result = LdapLoginBody.safeParse({ ...login, [field]: `a${bad}b` });
        expect(messagesOf(result, field).some((m) => message.test(m)), `${field} ${JSON.stringify(bad)}`).toBe(true);
      }
      const probe = LdapProbeBody.safeParse({ settings, username: 'ana', password: `x${bad}` });
      expect(messagesOf(probe, 'password').some((m) => /^La contraseña contiene caracteres no permitidos/.test(m))).toBe(true);
    }
  });

  it('still takes the texts people write: accents, spaces, symbols', () => {
    expect(LdapSettingsBody.safeParse({ ...settings, bindPassword: 'Contraseña con espacios ñ € "!#%&/()=?¡' }).success).toBe(true);
    expect(LdapLoginBody.safeParse({ username: 'José Pérez', password: 'Ñandú 2026 ¿?', organization: 'Compañía Ñ S.A.S.' }).success).toBe(true);
  });
});
