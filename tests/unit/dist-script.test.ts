import { describe, expect, it } from 'vitest';
import { BUILD_STEPS, NO_ELECTRON_DOWNLOAD, PACKAGE_STEP, electronVersion, failedDownloadingElectron } from '../../scripts/dist';

/** electron-builder's output on this machine, which cannot reach github.com (recorded from `npm run dist`). */
const OFFLINE = `  • electron-builder  version=26.17.0 os=6.18.44
  • loaded configuration  file=/work/main/electron-builder.yml
  • executing @electron/rebuild  electronVersion=45.4.1 arch=x64 buildFromSource=false
  • completed installing native dependencies
  • packaging       platform=linux arch=x64 electron=45.4.1 appOutDir=dist/linux-unpacked
  ⨯ getaddrinfo ENOTFOUND github.com  failedTask=build stackTrace=RequestError: getaddrinfo ENOTFOUND github.com
    at ClientRequest.<anonymous> (/work/main/node_modules/got/dist/source/core/index.js:970:111)`;

describe('npm run dist (issue 41)', () => {
  it('says plainly, with what to do, when Electron’s distribution cannot be downloaded', () => {
    expect(failedDownloadingElectron(OFFLINE)).toBe(true);
    expect(failedDownloadingElectron(OFFLINE.replace(/getaddrinfo ENOTFOUND/g, 'connect ECONNREFUSED'))).toBe(true);
    const message = NO_ELECTRON_DOWNLOAD(electronVersion());
    expect(message).toContain(`Electron ${electronVersion()}`);
    expect(message).toContain('ELECTRON_MIRROR');
  });

  it('does not blame the download for another failure: the configuration, a native rebuild, a failure before packaging', () => {
    expect(failedDownloadingElectron('  ⨯ Invalid configuration object. electron-builder 26.17.0 has been initialized using a configuration object that does not match the API schema.')).toBe(false);
    expect(failedDownloadingElectron('  • executing @electron/rebuild\n  ⨯ getaddrinfo ENOTFOUND nodejs.org  failedTask=rebuild')).toBe(false);
    expect(failedDownloadingElectron(OFFLINE.replace(/⨯[\s\S]*/, '⨯ ENOSPC: no space left on device'))).toBe(false);
  });

  it('builds what it packages, with electron-builder.yml, and never publishes', () => {
    expect(BUILD_STEPS.map((step) => step.join(' '))).toEqual(['tsx scripts/widget-bundle.ts', 'electron-vite build']);
    expect(PACKAGE_STEP).toEqual(['electron-builder', '--config', 'electron-builder.yml', '--publish', 'never']);
  });
});
