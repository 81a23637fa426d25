import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import yaml from 'js-yaml';

const require = createRequire(import.meta.url);
/** electron-builder's own JSON schema of its configuration, shipped in app-builder-lib. */
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, Record<string, unknown>>;

const targets = (platform: string) => ((config[platform]?.target ?? []) as (string | { target: string })[]).map((t) => (typeof t === 'string' ? t : t.target));
const artifact = (section: string) => String(config[section]?.artifactName ?? '');

describe('electron-builder.yml (issue 41)', () => {
  it('is valid against electron-builder’s own schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('builds NSIS per user (no administrator rights) and MSI per machine for Windows', () => {
    expect(targets('win')).toEqual(['nsis', 'msi']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false, oneClick: false, installerLanguages: ['es_ES'] });
    expect(config.msi).toMatchObject({ perMachine: true });
  });

  it('builds dmg plus the zip electron-updater needs for macOS, hardened and notarized from the environment', () => {
    expect(targets('mac')).toEqual(['dmg', 'zip']);
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'resources/entitlements.mac.plist' });
    expect(readFileSync('resources/entitlements.mac.plist', 'utf8')).toContain('com.apple.security.cs.allow-jit');
  });

  it('builds AppImage and deb for Linux', () => {
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(config.linux?.maintainer).toBeTruthy();
  });

  it('names every artifact in Spanish with its version, and no secret is committed', () => {
    expect(artifact('nsis')).toBe('${productName}-${version}-instalador-usuario.${ext}');
    expect(artifact('msi')).toBe('${productName}-${version}-instalador-equipo.${ext}');
    for (const section of ['mac', 'dmg', 'linux', 'win']) expect(artifact(section), section).toMatch(/^\$\{productName\}-\$\{version\}-[a-z-]*\$\{arch\}\.\$\{ext\}$/);
    expect(config.productName).toBe('Atiende');
    const text = readFileSync('electron-builder.yml', 'utf8');
    for (const key of ['cscLink', 'cscKeyPassword', 'appleId', 'password:']) expect(text).not.toMatch(new RegExp(`^\\s*${key}`, 'm'));
  });

  it('publishes a generic feed, so electron-builder writes latest*.yml for the platform’s /updates/', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(String((config.publish as unknown as { url: string }).url)).toMatch(/\/updates\/$/);
  });
});
