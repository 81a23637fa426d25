/**
 * The LDAP sign-in's figure (issue 19): POST /api/auth/auth_ldap over HTTP — the platform's whole
 * sign-in: service bind, the person's search, their groups, their bind, the account's lookup, the
 * access log and the tokens — ÷ a bare ldapts bind + search against the same slapd (a new
 * connection, the service account's bind, the same user filter's search). Goal ≤ 2×.
 * Beside it, to read it by: the directory's part alone as the sign-in does it (DirectoryConnections:
 * the same LDAP work on the connections kept between sign-ins, without the database or HTTP) and on
 * fresh connections as 'Probar' does it (verifyPerson) ÷ the same bare bind + search; an unknown
 * name's refusal ÷ a known name's with a wrong password (both 401; goal ≈ 1×: the time does not
 * tell whether the name exists); and the LDAP sign-in ÷ the password sign-in (POST /api/auth,
 * whose argon2id verify dominates).
 */
import { Client } from 'ldapts';
import { GROUPS, PEOPLE, SERVICE_DN, SLAPD_PATH, SLAPD_SKIP_REASON, groupDn, startSlapd } from '../integration/ldap/slapd';
import { DirectoryConnections, verifyPerson, type DirectoryConfig } from '../../src/server/ldap/directory';
import { PASSWORD, signInToken, startBenchPlatform } from './platform';
import { atMost, median, nowMs, percentile, ratioLine } from './report';

export interface LdapBenchOptions {
  /** Sign-ins measured, and bare bind + search (BENCH_LDAP_SIGN_INS). */
  signIns: number;
}

const SERVICE_PASSWORD = 'Servicio-Bench-2026';
const PERSON = { uid: 'medida', password: 'Clave-Medida-2026' };

export async function benchLdap({ signIns }: LdapBenchOptions): Promise<string[]> {
  if (!SLAPD_PATH) return [`LDAP sign-in — skipped: ${SLAPD_SKIP_REASON}`];
  const slapd = await startSlapd({
    servicePassword: SERVICE_PASSWORD,
    people: [{ uid: PERSON.uid, cn: 'Persona Medida', sn: 'Medida', mail: 'medida@atiende.test', password: PERSON.password }],
    groups: [{ cn: 'asesores', members: [PERSON.uid] }]
  });
  try {
    // Refusals are timed too (unknown name, wrong password): a budget no run reaches, the throttle still counting.
    const { app, url } = await startBenchPlatform(undefined, { authRateLimit: { max: 1_000_000, windowSeconds: 600 } });
    try {
      const admin = await signInToken(url, 'admin@demo.co');
      const saved = await fetch(`${url}/api/ldap/configuracion/100`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({
          enabled: true,
          url: slapd.url,
          bindDn: SERVICE_DN,
          bindPassword: SERVICE_PASSWORD,
          searchBase: PEOPLE,
          userFilter: '(uid={{username}})',
          groupSearchBase: GROUPS,
          roleMappings: [{ groupDn: groupDn('asesores'), role: 5 }]
        })
      });
      if (!saved.ok) throw new Error(`bench: saving the directory answered ${saved.status}: ${await saved.text()}`);

      const bareOnce = async () => {
        const client = new Client({ url: slapd.url });
        try {
          await client.bind(SERVICE_DN, SERVICE_PASSWORD);
          const { searchEntries } = await client.search(PEOPLE, { scope: 'sub', filter: `(uid=${PERSON.uid})`, attributes: ['mail', 'cn', 'memberOf'] });
          if (searchEntries.length !== 1) throw new Error('bench: the bare search found no one');
        } finally {
          await client.unbind();
        }
      };
      // The first sign-in creates the account (among the warm-up runs); the measured ones update it.
      const signInOnce = async () => {
        const res = await fetch(`${url}/api/auth/auth_ldap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: PERSON.uid, password: PERSON.password, idOrg: 100 })
        });
        if (res.status !== 200) throw new Error(`bench: LDAP sign-in answered ${res.status}: ${await res.text()}`);
        await res.json();
      };
      // In alternation, so both see the machine in the same state (it may be busy with other work).
      const [signIn, bare] = await alternatingMedians(signIns, signInOnce, bareOnce);
      const config: DirectoryConfig = { url: slapd.url, bindDn: SERVICE_DN, bindPassword: SERVICE_PASSWORD, searchBase: PEOPLE, userFilter: '(uid={{username}})', groupSearchBase: GROUPS, emailAttribute: 'mail', nameAttribute: 'cn', timeoutMs: 5000, connectTimeoutMs: 5000 };
      const kept = new DirectoryConnections();
      let directoryOnly: number;
      try {
        directoryOnly = await median(signIns, async () => {
          if (!(await kept.verifyPerson(100, config, PERSON.uid, PERSON.password)).ok) throw new Error('bench: the directory refused the person');
        });
      } finally {
        await kept.close();
      }
      const freshDirectory = await median(signIns, async () => {
        if (!(await verifyPerson(config, PERSON.uid, PERSON.password)).ok) throw new Error('bench: the directory refused the person');
      });
      const refusal = (username: string) => async () => {
        const res = await fetch(`${url}/api/auth/auth_ldap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'Equivocada-2026', idOrg: 100 })
        });
        if (res.status !== 401) throw new Error(`bench: a refused LDAP sign-in answered ${res.status}: ${await res.text()}`);
        await res.json();
      };
      const [unknownName, wrongPassword] = await alternatingMedians(signIns, refusal('nadie-medida'), refusal(PERSON.uid));
      const passwordSignIn = await median(Math.min(signIns, 30), async () => {
        const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.co', password: PASSWORD }) });
        if (res.status !== 200) throw new Error(`bench: password sign-in answered ${res.status}`);
        await res.json();
      });
      return [
        `LDAP sign-in — ${signIns} sign-ins, medians; ratio to a bare ldapts bind + search of the same run (slapd on loopback), the sign-in and the bare one in alternation`,
        ratioLine('POST /api/auth/auth_ldap over HTTP', signIn, bare, 'bare bind + search', atMost(signIn / bare, 2)),
        ratioLine("  its directory part alone (searches and bind, kept connections)", directoryOnly, bare, 'bare bind + search'),
        ratioLine("  the same on fresh connections (as 'Probar')", freshDirectory, bare, 'bare bind + search'),
        ratioLine('  an unknown name refused (401)', unknownName, wrongPassword, 'a known name, wrong password', `goal ≈ 1× — ${Math.abs(unknownName / wrongPassword - 1) <= 0.1 ? 'met' : 'not met'} (±10 %)`),
        ratioLine('  the same sign-in', signIn, passwordSignIn, 'password sign-in (POST /api/auth)')
      ];
    } finally {
      await app.close();
    }
  } finally {
    await slapd.stop();
  }
}

/** The medians of `a` and `b` sampled in alternation (a, b, b, a, …), after a few unmeasured runs of each. */
async function alternatingMedians(times: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < Math.min(20, times); i++) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < times; i++) {
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = nowMs();
      await (which === 0 ? a : b)();
      samples[which]?.push(nowMs() - start);
    }
  }
  return [percentile(samples[0], 50), percentile(samples[1], 50)];
}
