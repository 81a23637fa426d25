/**
 * What a file's name may show (issue 36 M4), on the platform when a file is uploaded and in the
 * desktop app when one is saved: a name like `factura\u202Efdp.bat` displays as "facturatab.pdf"
 * (a right-to-left override) while it is a batch file. Shared so both sides apply the same rules.
 */

/**
 * Characters a name may not carry: controls (Cc), format characters (Cf: the bidirectional
 * overrides, embeddings and isolates, zero-width spaces and joiners, the BOM, soft hyphens…),
 * line and paragraph separators, and the Unicode "tag" and variation selectors that render as
 * nothing.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u{115F}\u{1160}\u{3164}\u{FFA0}]/gu;

/** The name without invisible characters, its other spaces made plain, trimmed. */
export function visibleName(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/**
 * Extensions an operating system runs, or installs, or opens as a link when the file is
 * double-clicked (Windows' and macOS' lists of dangerous types, and Linux scripts and packages).
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Windows: programs, scripts, installers, links, control-panel items, shell and registry files
  'exe', 'bat', 'cmd', 'com', 'scr', 'pif', 'cpl', 'msi', 'msp', 'mst', 'msc', 'msix', 'msixbundle', 'appx', 'appxbundle',
  'js', 'jse', 'vbs', 'vbe', 'vb', 'wsf', 'wsh', 'ws', 'wsc', 'ps1', 'ps1xml', 'ps2', 'psc1', 'psm1', 'psd1', 'hta', 'lnk', 'url',
  'scf', 'reg', 'inf', 'dll', 'sys', 'drv', 'ocx', 'jar', 'application', 'appref-ms', 'gadget', 'settingcontent-ms', 'library-ms',
  'iso', 'img', 'vhd', 'vhdx', 'chm', 'xll', 'xlam', 'docm', 'dotm', 'xlsm', 'xltm', 'pptm', 'potm', 'ppsm',
  // macOS: applications, installers, scripts, disk images
  'app', 'command', 'tool', 'pkg', 'mpkg', 'dmg', 'terminal', 'workflow', 'action', 'scpt', 'applescript',
  // Linux and everywhere: shell and interpreter scripts, packages, desktop entries
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'run', 'bin', 'out', 'desktop', 'appimage', 'deb', 'rpm', 'py', 'pyw', 'pl', 'rb', 'php'
]);

/** The name's last extension, lower-case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether double-clicking a file of this name would run or install something. */
export function isExecutableName(name: string): boolean {
  return EXECUTABLE_EXTENSIONS.has(extensionOf(name.replace(/[.\s]+$/u, '')));
}
