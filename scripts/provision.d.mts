// Types of scripts/provision.mjs (plain JavaScript: `npm test` runs it before any TypeScript tool),
// for the TypeScript that shares its finders: tests/e2e/browser.ts, tests/support/slapd.ts
// and its unit test.

export declare const DEBIAN_CHROMIUM: string;
export declare const DEBIAN_SLAPD: string;
export declare const CHROMIUM_PACKAGES: string[];
export declare const SLAPD_PACKAGES: string[];
export declare const DEBIAN_HAPROXY: string;
export declare const HAPROXY_PACKAGES: string[];
export declare const NO_HAPROXY_MESSAGE: string;
export declare const NO_BROWSER_MESSAGE: string;
export declare const NO_SLAPD_MESSAGE: string;

export interface Probes {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  which(command: string): string | null;
  playwrightChromium(): string | null;
  isRoot(): boolean;
  isDebian(): boolean;
  hasPlaywrightCli(): boolean;
}

export interface Outcome {
  ok: boolean;
  summary: string;
}

export interface Actions {
  aptUpdate(): Outcome;
  aptInstall(packages: string[], preseed?: string[]): Outcome;
  playwrightInstall(): Outcome;
}

export interface FoundBrowser {
  path: string;
  source: 'CHROME_PATH' | 'debian' | 'playwright';
}

export interface FoundSlapd {
  path: string;
  source: 'SLAPD_PATH' | 'debian' | 'PATH';
}

export interface FoundHaproxy {
  path: string;
  source: 'HAPROXY_PATH' | 'debian' | 'PATH';
}

export interface Provisioned {
  path: string | null;
  line: string;
}

export declare function findChromium(probes: Probes): FoundBrowser | null;
export declare function findSlapd(probes: Probes): FoundSlapd | null;
export declare function findHaproxy(probes: Probes): FoundHaproxy | null;
export declare function installSteps(thing: 'chromium' | 'slapd' | 'haproxy', probes: Probes): { steps: ('apt' | 'playwright')[]; why: string[] };
export declare function provision(options: { probes: Probes; actions: Actions; log?: (line: string) => void; dryRun?: boolean }): {
  chromium: Provisioned;
  slapd: Provisioned;
  haproxy: Provisioned;
};
export declare function machineProbes(env?: Record<string, string | undefined>, playwrightPath?: string | null): Probes;
export declare function playwrightChromiumPath(): Promise<string | null>;
export declare function machineActions(): Actions;
export declare function provisionMachine(options?: { dryRun?: boolean; log?: (line: string) => void }): Promise<{ chromium: Provisioned; slapd: Provisioned; haproxy: Provisioned }>;
