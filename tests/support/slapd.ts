import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SLAPD_MESSAGE, findSlapd, machineProbes } from '../../scripts/provision.mjs';
import { freeLoopbackPort } from '../../src/server/cluster/supervisor';

/**
 * A real OpenLDAP directory for the tests (and the bench): Debian's slapd started on a free loopback
 * port with a configuration and a database of its own in a temporary folder (slapd.conf, the mdb
 * backend), suffix dc=atiende,dc=test, loaded with slapadd (`slapd -T add`) before it starts, stopped
 * and deleted afterwards. Anonymous clients may only bind: searching needs the service account.
 *
 * Where no slapd exists (`npm test` installs Debian's slapd as root: scripts/provision.mjs), the
 * LDAP tests skip with SLAPD_SKIP_REASON.
 */

export const SUFFIX = 'dc=atiende,dc=test';
export const PEOPLE = `ou=people,${SUFFIX}`;
export const GROUPS = `ou=groups,${SUFFIX}`;
export const SERVICE_DN = `cn=servicio,ou=system,${SUFFIX}`;

export interface LdapPerson {
  uid: string;
  cn: string;
  sn: string;
  mail?: string;
  password: string;
}

export interface LdapGroup {
  cn: string;
  /** uids of people in this directory. */
  members: string[];
}

export interface DirectoryData {
  people: LdapPerson[];
  groups: LdapGroup[];
  servicePassword: string;
}

export interface RunningSlapd {
  url: string;
  port: number;
  /** The directory's manager (rootdn), for a test that changes an entry. */
  admin: { dn: string; password: string };
  /** The people's and groups' DNs. */
  personDn(uid: string): string;
  groupDn(cn: string): string;
  /** Stops answering (SIGSTOP): connections open, nothing is answered — a hung directory. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** The slapd to run, or null (then the LDAP tests skip with SLAPD_SKIP_REASON). */
export const SLAPD_PATH: string | null = findSlapd(machineProbes(process.env))?.path ?? null;
export const SLAPD_SKIP_REASON = NO_SLAPD_MESSAGE;

const SCHEMA_DIRS = ['/etc/ldap/schema', '/etc/openldap/schema', '/usr/local/etc/openldap/schema'];
const MODULE_DIRS = ['/usr/lib/ldap', '/usr/lib64/openldap', '/usr/lib/openldap', '/usr/local/libexec/openldap'];

export const personDn = (uid: string): string => `uid=${uid},${PEOPLE}`;
export const groupDn = (cn: string): string => `cn=${cn},${GROUPS}`;

/** A port nothing listens on (for "the directory is down"). */
export const closedPort = freeLoopbackPort;

function config(dir: string, rootPassword: string): string {
  const schemaDir = SCHEMA_DIRS.find((d) => existsSync(join(d, 'core.schema')));
  if (!schemaDir) throw new Error(`slapd: no OpenLDAP schema folder found (looked in ${SCHEMA_DIRS.join(', ')})`);
  const moduleDir = MODULE_DIRS.find((d) => existsSync(join(d, 'back_mdb.la')) || existsSync(join(d, 'back_mdb.so')));
  return [
    ...['core', 'cosine', 'inetorgperson'].map((s) => `include ${join(schemaDir, `${s}.schema`)}`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    // Debian builds the backends as modules; elsewhere mdb may be built in.
    ...(moduleDir ? [`modulepath ${moduleDir}`, 'moduleload back_mdb'] : []),
    'database mdb',
    `suffix "${SUFFIX}"`,
    `rootdn "cn=admin,${SUFFIX}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(dir, 'db')}`,
    'maxsize 16777216',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by * none',
    ''
  ].join('\n');
}

function ldif(data: DirectoryData): string {
  const entry = (lines: string[]) => `${lines.join('\n')}\n`;
  const out = [
    entry([`dn: ${SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: atiende', 'o: Atiende pruebas']),
    entry([`dn: ${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people']),
    entry([`dn: ${GROUPS}`, 'objectClass: organizationalUnit', 'ou: groups']),
    entry([`dn: ou=system,${SUFFIX}`, 'objectClass: organizationalUnit', 'ou: system']),
    entry([`dn: ${SERVICE_DN}`, 'objectClass: organizationalRole', 'objectClass: simpleSecurityObject', 'cn: servicio', `userPassword: ${data.servicePassword}`])
  ];
  for (const p of data.people) {
    out.push(
      entry([
        `dn: ${personDn(p.uid)}`,
        'objectClass: inetOrgPerson',
        `uid: ${p.uid}`,
        // Non-ASCII values are written base64 ('::'), as LDIF requires.
        `cn:: ${Buffer.from(p.cn, 'utf8').toString('base64')}`,
        `sn:: ${Buffer.from(p.sn, 'utf8').toString('base64')}`,
        ...(p.mail ? [`mail: ${p.mail}`] : []),
        `userPassword: ${p.password}`
      ])
    );
  }
  for (const g of data.groups) {
    // groupOfNames needs a member: an empty group lists the suffix itself.
    const members = g.members.length > 0 ? g.members.map((uid) => `member: ${personDn(uid)}`) : [`member: ${SUFFIX}`];
    out.push(entry([`dn: ${groupDn(g.cn)}`, 'objectClass: groupOfNames', `cn: ${g.cn}`, ...members]));
  }
  return out.join('\n');
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}) before listening: ${stderr().slice(-2000)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`slapd did not listen on 127.0.0.1:${port} within ${ms} ms: ${stderr().slice(-2000)}`);
}

/** Starts a directory with `data` on a free loopback port. */
export async function startSlapd(data: DirectoryData): Promise<RunningSlapd> {
  if (!SLAPD_PATH) throw new Error(SLAPD_SKIP_REASON);
  const slapd = SLAPD_PATH;
  const dir = await mkdtemp(join(tmpdir(), 'atiende-slapd-'));
  try {
    await mkdir(join(dir, 'db'));
    const conf = join(dir, 'slapd.conf');
    const rootPassword = randomBytes(12).toString('hex');
    await writeFile(conf, config(dir, rootPassword));
    await writeFile(join(dir, 'data.ldif'), ldif(data));
    const load = spawnSync(slapd, ['-T', 'add', '-f', conf, '-l', join(dir, 'data.ldif')], { encoding: 'utf8' });
    if (load.status !== 0) throw new Error(`slapadd failed (${load.status}): ${load.stderr || load.error?.message}`);

    const port = await freeLoopbackPort();
    const url = `ldap://127.0.0.1:${port}`;
    // -d 0: in the foreground, no debug output; the process is ours to stop.
    const child = spawn(slapd, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-8000);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitForPort(port, child, () => errors);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return {
      url,
      port,
      admin: { dn: `cn=admin,${SUFFIX}`, password: rootPassword },
      personDn,
      groupDn,
      freeze: () => void child.kill('SIGSTOP'),
      thaw: () => void child.kill('SIGCONT'),
      async stop() {
        if (child.exitCode === null) {
          child.kill('SIGCONT');
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true });
      }
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
