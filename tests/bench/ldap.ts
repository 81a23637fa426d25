/**
 * The LDAP sign-in's figure (issue 19): POST /api/auth/auth_ldap over HTTP — the platform's whole
 * sign-in: the person's search, their groups, their bind, the account's lookup, the access log and
 * the tokens — ÷ the same directory work done bare with ldapts against the same slapd, as the
 * platform does it: on two connections opened once and kept (one bound as the service account for
 * the searches, one for the person's binds), the user filter's search, then the person's groups
 * beside a bind as the entry found with the password. Goal ≤ 2×.
 * Beside it, to read it by: the directory's part alone as the sign-in does it (DirectoryConnections:
 * the same LDAP work on the platform's kept connections, without the database or HTTP) ÷ that bare
 * work; 'Probar' (verifyPerson: new connections each time) ÷ the same work bare on new connections;
 * an HTTP round trip to the same platform (GET /health/live) ÷ the bare work, the floor any HTTP
 * sign-in pays; the sign-in ÷ the baseline this figure was first measured against (a new
 * connection's service bind and search alone: no password checked, no groups); an unknown name's
 * refusal ÷ a known name's with a wrong password (both 401; goal ≈ 1×: the time does not tell
 * whether the name exists); and the LDAP sign-in ÷ the password sign-in (POST /api/auth, whose
 * argon2id verify dominates).
 */
import { Client, Filter } from 'ldapts';
import { GROUPS, PEOPLE, SERVICE_DN, SLAPD_PATH, SLAPD_SKIP_REASON, groupDn, startSlapd } from '../support/slapd';
import { ldapAllowedHosts } from '../../src/server/config';
import { AddressRules } from '../../src/server/ldap/address-rules';
import { DirectoryConnections, verifyPerson, type DirectoryConfig } from '../../src/server/ldap/directory';
import { resolveEndpoint } from '../../src/server/ldap/endpoint';
import { cachedDirectory } from '../../src/server/ldap/settings';
import { findLinkedAccount, recordSignIn } from '../../src/server/auth/ldap-statements';
import { startSession } from '../../src/server/auth/session-tokens';
import { PASSWORD, signInToken, startBenchPlatform } from './platform';
import { atMost, LABEL_WIDTH, median, nowMs, percentile, ratioLine } from './report';

export interface LdapBenchOptions {
  /** Sign-ins measured, and bare bind + search (BENCH_LDAP_SIGN_INS). */
  signIns: number;
}

const SERVICE_PASSWORD = 'Servicio-Bench-2026';
/** The bench's slapd runs on loopback, which the platform refuses unless the operator allows it (LDAP_ALLOWED_HOSTS). */
const LOOPBACK = ldapAllowedHosts('127.0.0.1');
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
    const { app, url } = await startBenchPlatform(undefined, { authRateLimit: { max: 1_000_000, windowSeconds: 600 }, ldapAllowedHosts: LOOPBACK });
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

      const bareSearch = (client: Client) =>
        client.search(PEOPLE, { scope: 'sub', filter: `(uid=${PERSON.uid})`, sizeLimit: 2, attributes: ['mail', 'cn', 'memberOf'] });
      const bareGroups = (client: Client, dn: string) =>
        client.search(GROUPS, { scope: 'sub', filter: `(|(member=${Filter.escape(dn)})(uniqueMember=${Filter.escape(dn)}))`, sizeLimit: 500, attributes: ['1.1'] });
      /** The directory work of one sign-in, bare, on `searcher` (bound as the service account) and `binder`. */
      const bareLogin = async (searcher: Client, binder: Client) => {
        const { searchEntries } = await bareSearch(searcher);
        const dn = searchEntries.length === 1 ? searchEntries[0]?.dn : undefined;
        if (!dn) throw new Error('bench: the bare search found no one');
        const [{ searchEntries: groups }] = await Promise.all([bareGroups(searcher, dn), binder.bind(dn, PERSON.password)]);
        if (groups.length !== 1) throw new Error('bench: the bare group search found no group');
      };
      const keptSearcher = new Client({ url: slapd.url });
      const keptBinder = new Client({ url: slapd.url });
      await keptSearcher.bind(SERVICE_DN, SERVICE_PASSWORD);
      const bareOnce = () => bareLogin(keptSearcher, keptBinder);
      const bareFreshOnce = async () => {
        const [searcher, binder] = [new Client({ url: slapd.url }), new Client({ url: slapd.url })];
        try {
          await searcher.bind(SERVICE_DN, SERVICE_PASSWORD);
          await bareLogin(searcher, binder);
        } finally {
          await Promise.all([searcher.unbind(), binder.unbind()]);
        }
      };
      // What this figure was first measured against: one new connection's service bind and search.
      const formerBareOnce = async () => {
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
          // The only directory enabled: no organisation to name.
          body: JSON.stringify({ username: PERSON.uid, password: PERSON.password })
        });
        if (res.status !== 200) throw new Error(`bench: LDAP sign-in answered ${res.status}: ${await res.text()}`);
        await res.json();
      };
      const config: DirectoryConfig = { url: slapd.url, bindDn: SERVICE_DN, bindPassword: SERVICE_PASSWORD, searchBase: PEOPLE, userFilter: '(uid={{username}})', groupSearchBase: GROUPS, emailAttribute: 'mail', nameAttribute: 'cn', timeoutMs: 5000, connectTimeoutMs: 5000 };
      const rules = new AddressRules(LOOPBACK);
      const kept = new DirectoryConnections({ rules });
      const refusal = (username: string) => async () => {
        const res = await fetch(`${url}/api/auth/auth_ldap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'Equivocada-2026' })
        });
        if (res.status !== 401) throw new Error(`bench: a refused LDAP sign-in answered ${res.status}: ${await res.text()}`);
        await res.json();
      };
      try {
        // Each figure in alternation with its baseline, so both see the machine in the same state (it may be busy with other work).
        const [signIn, bare] = await alternatingMedians(signIns, signInOnce, bareOnce);
        const [directoryOnly, bareForDirectory] = await alternatingMedians(signIns, async () => {
          if (!(await kept.verifyPerson(100, config, PERSON.uid, PERSON.password)).ok) throw new Error('bench: the directory refused the person');
        }, bareOnce);
        const [freshDirectory, bareFresh] = await alternatingMedians(signIns, async () => {
          // As 'Probar' does: the host resolved and checked, then new connections to that address.
          const endpoint = await resolveEndpoint(config.url, rules);
          if (!(await verifyPerson(config, PERSON.uid, PERSON.password, { endpoint })).ok) throw new Error('bench: the directory refused the person');
        }, bareFreshOnce);
        const [roundTrip, bareForRoundTrip] = await alternatingMedians(signIns, async () => {
          const res = await fetch(`${url}/health/live`);
          if (!res.ok) throw new Error(`bench: GET /health/live answered ${res.status}`);
          await res.text();
        }, bareOnce);
        const [signInAgain, formerBare] = await alternatingMedians(signIns, signInOnce, formerBareOnce);
        // The sign-in's database part alone, as it runs it: the account's lookup, then its write and the tokens side by side.
        const stored = await cachedDirectory(app.db, 100);
        if (!stored) throw new Error('bench: the directory settings were not saved');
        const [statements, bareForStatements] = await alternatingMedians(signIns, async () => {
          const { linked } = await findLinkedAccount(app.services.statement, stored, `uid=${PERSON.uid},${PEOPLE}`);
          if (!linked) throw new Error('bench: the account lookup found no account');
          const { row, signed } = startSession(app.services.tokens, linked.account);
          await Promise.all([signed, recordSignIn(app.services.statement, { account: linked.account, at: new Date(), ip: '127.0.0.1', session: row })]);
        }, bareOnce);
        const [unknownName, wrongPassword] = await alternatingMedians(signIns, refusal('nadie-medida'), refusal(PERSON.uid));
        const passwordSignIn = await median(Math.min(signIns, 30), async () => {
          const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.co', password: PASSWORD }) });
          if (res.status !== 200) throw new Error(`bench: password sign-in answered ${res.status}`);
          await res.json();
        });
        const bareLabel = 'bare directory work';
        return [
          `LDAP sign-in — ${signIns} sign-ins, medians; each figure in alternation with its baseline of the same run (slapd on loopback). Bare directory work: ldapts on two kept connections — the user filter's search as the service account, then the groups' search beside the person's bind — as the platform does it`,
          ratioLine('POST /api/auth/auth_ldap over HTTP', signIn, bare, bareLabel, atMost(signIn / bare, 2)),
          ratioLine('  its directory part alone (DirectoryConnections)', directoryOnly, bareForDirectory, bareLabel),
          ratioLine("  'Probar' (verifyPerson, new connections)", freshDirectory, bareFresh, 'the same bare on new connections'),
          ratioLine('  an HTTP round trip to the platform (GET /health/live)', roundTrip, bareForRoundTrip, bareLabel),
          ratioLine("  its database part and tokens alone (lookup, write, JWT)", statements, bareForStatements, bareLabel),
          `${'  the floor: those three ratios added'.padEnd(LABEL_WIDTH)} ${(directoryOnly / bareForDirectory + roundTrip / bareForRoundTrip + statements / bareForStatements).toFixed(2).padStart(8)} × ${bareLabel} (what a sign-in over HTTP that writes its session cannot go below)`,
          ratioLine('  the sign-in', signInAgain, formerBare, "former baseline (new connection's service bind + search only)"),
          ratioLine('  an unknown name refused (401)', unknownName, wrongPassword, 'a known name, wrong password', `goal ≈ 1× — ${Math.abs(unknownName / wrongPassword - 1) <= 0.1 ? 'met' : 'not met'} (±10 %)`),
          ratioLine('  the sign-in', signIn, passwordSignIn, 'password sign-in (POST /api/auth)')
        ];
      } finally {
        await Promise.all([kept.close(), keptSearcher.unbind(), keptBinder.unbind()]);
      }
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
