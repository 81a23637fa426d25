import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Marks a file saved from a chat as coming from the internet, where the operating system has such
 * a mark (issue 36 M4): a customer sent it, so Windows' SmartScreen and Office's Protected View,
 * and macOS' Gatekeeper, should treat it as they treat a browser download.
 * - Windows: the Mark of the Web, a `Zone.Identifier` alternate data stream with ZoneId=3 (internet).
 * - macOS: the `com.apple.quarantine` extended attribute, set with /usr/bin/xattr.
 * - elsewhere (Linux) the system enforces no such mark: nothing is written.
 * A mark that cannot be written (a FAT drive, no xattr) is reported, not fatal: the file is saved.
 */

export interface InternetMarkDeps {
  platform: NodeJS.Platform;
  writeFile(path: string, data: string): Promise<void>;
  execFile(file: string, args: readonly string[]): Promise<unknown>;
  now(): number;
}

const run = promisify(execFile);

const SYSTEM: InternetMarkDeps = {
  platform: process.platform,
  writeFile: (path, data) => writeFile(path, data, 'utf8'),
  execFile: (file, args) => run(file, [...args]),
  now: Date.now
};

/** Writes the mark; answers what was done ('none' where the system has no mark). */
export async function markFromInternet(path: string, deps: InternetMarkDeps = SYSTEM): Promise<'zone-identifier' | 'quarantine' | 'none'> {
  if (deps.platform === 'win32') {
    await deps.writeFile(`${path}:Zone.Identifier`, '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=about:internet\r\n');
    return 'zone-identifier';
  }
  if (deps.platform === 'darwin') {
    // flags 0081 (downloaded, not yet opened); time in hex seconds; the agent that saved it.
    const value = `0081;${Math.floor(deps.now() / 1000).toString(16)};Atiende;`;
    await deps.execFile('/usr/bin/xattr', ['-w', 'com.apple.quarantine', value, path]);
    return 'quarantine';
  }
  return 'none';
}
