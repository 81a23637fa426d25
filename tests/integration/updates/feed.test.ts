import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { UpdateRollout } from '../../../src/shared/domain/updates';
import { ROLLOUT_TEXT } from '../../../src/server/updates/rollout';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { deskUpdater, spreadDeskId, writeRelease, type WrittenRelease } from '../../support/update-feed';
import { caller, signInAll } from '../server/chat-fixtures';

/**
 * Issue 41: the update feed the platform serves from UPDATES_DIR, read back by electron-updater's
 * own code (its NSIS updater and generic provider, in Node with electron-builder's HTTP executor).
 */
describe.each(BACKENDS)('the desktop update feed on %s', (backend) => {
  let platform: TestPlatform;
  let dir: string;
  let feed: string;
  let release: WrittenRelease;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atiende-updates-'));
    release = await writeRelease(dir, '1.5.0');
    platform = await createTestApp(backend, { updatesDir: dir });
    const address = await platform.app.listen({ port: 0, host: '127.0.0.1' });
    feed = `${address}/updates/`;
    call = caller(platform.app, await signInAll(platform.app, ['superadmin@demo.co', 'admin@demo.co', 'supervisor@demo.co']));
  });
  afterAll(async () => {
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** How many of `n` desks on 1.4.0, spread evenly over the staging ids, electron-updater finds the update for. */
  async function desksOffered(n: number): Promise<number> {
    let offered = 0;
    for (let i = 0; i < n; i++) {
      const updater = await deskUpdater(feed, '1.4.0', spreadDeskId(i, n));
      const result = await updater.checkForUpdates();
      if (result?.isUpdateAvailable) offered++;
    }
    return offered;
  }
  const setRollout = (body: object, as = 'superadmin@demo.co') => call(as, 'PUT', '/api/updates/rollout', body);

  it('publishes the version of latest.yml to every desk while no rollout is set, and downloads the artifact whole with its sha512', async () => {
    const rollout = UpdateRollout.parse((await call('admin@demo.co', 'GET', '/api/updates/rollout')).json());
    expect(rollout).toEqual({ published: { version: '1.5.0', releaseDate: '2026-12-01T10:00:00.000Z', channels: ['latest.yml'] }, percentage: 100, paused: false, updatedAt: null });
    expect(await desksOffered(10)).toBe(10);

    const updater = await deskUpdater(feed, '1.4.0', spreadDeskId(0, 1));
    const result = await updater.checkForUpdates();
    expect(result?.updateInfo.version).toBe('1.5.0');
    const [downloaded] = await updater.downloadUpdate();
    expect(await readFile(downloaded ?? '')).toEqual(release.bytes);
    // A desk already on 1.5.0 is offered nothing.
    expect((await (await deskUpdater(feed, '1.5.0', spreadDeskId(0, 1))).checkForUpdates())?.isUpdateAvailable).toBe(false);
  });

  it('serves a staged rollout to exactly its share of desk ids, none while paused, and lets only role 1 set it', async () => {
    expect((await setRollout({ version: '1.5.0', percentage: 25, paused: false })).statusCode).toBe(200);
    const yml = yaml.load(await (await fetch(`${feed}latest.yml`)).text()) as { stagingPercentage: number };
    expect(yml.stagingPercentage).toBe(25);
    expect(await desksOffered(40)).toBe(10);

    const paused = await setRollout({ version: '1.5.0', percentage: 25, paused: true });
    expect(UpdateRollout.parse(paused.json())).toMatchObject({ percentage: 25, paused: true });
    expect(await desksOffered(8)).toBe(0);

    // Refused, changing nothing: another version, a percentage out of range, an organisation's administrator, a supervisor.
    const refusals: [object, string, number][] = [
      [{ version: '1.6.0', percentage: 50, paused: false }, 'superadmin@demo.co', 409],
      [{ version: '1.5.0', percentage: 101, paused: false }, 'superadmin@demo.co', 400],
      [{ version: '1.5.0', percentage: -1, paused: false }, 'superadmin@demo.co', 400],
      [{ version: '1.5.0\u0000', percentage: 50, paused: false }, 'superadmin@demo.co', 400],
      [{ version: '1.5.0', percentage: 50, paused: false }, 'admin@demo.co', 403],
      [{ version: '1.5.0', percentage: 50, paused: false }, 'supervisor@demo.co', 403]
    ];
    for (const [body, as, status] of refusals) expect((await setRollout(body, as)).statusCode, JSON.stringify([body, as])).toBe(status);
    expect((await setRollout({ version: '1.6.0', percentage: 50, paused: false })).json<{ message: string }>().message).toBe(ROLLOUT_TEXT.notPublished);
    expect((await call('supervisor@demo.co', 'GET', '/api/updates/rollout')).statusCode).toBe(403);
    expect(UpdateRollout.parse((await call('admin@demo.co', 'GET', '/api/updates/rollout')).json())).toMatchObject({ percentage: 25, paused: true });
    expect((await setRollout({ version: '1.5.0', percentage: 100, paused: false })).statusCode).toBe(200);
  });

  it('answers a range of an artifact (differential downloads), and nothing outside the folder', async () => {
    const part = await fetch(`${feed}${release.artifact}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${release.bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(release.bytes.subarray(1000, 2000));
    await writeFile(join(dir, '.secret'), 'x');
    for (const path of ['..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '.secret', 'nada.exe', 'latest.yml%00', '']) {
      expect((await fetch(`${feed}${path}`)).status, path).toBe(404);
    }
  });

  it('refuses a tampered artifact: electron-updater checks the sha512 the feed published', async () => {
    const tampered = Buffer.from(release.bytes);
    tampered[100] = (tampered[100] ?? 0) ^ 0xff;
    await writeFile(join(dir, release.artifact), tampered);
    try {
      const updater = await deskUpdater(feed, '1.4.0', spreadDeskId(0, 1));
      await updater.checkForUpdates();
      await expect(updater.downloadUpdate()).rejects.toThrow(/sha512 checksum mismatch/);
    } finally {
      await writeFile(join(dir, release.artifact), release.bytes);
    }
  });
});
