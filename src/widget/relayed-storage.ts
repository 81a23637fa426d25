/**
 * The embedded widget's session store when the browser refuses the frame any storage of its own
 * (third-party storage blocked, as in Chromium's incognito and Playwright's contexts): it holds the
 * one session key in memory, starts from what the loader kept in the host page's localStorage (the
 * `hello`), and hands every change back to the loader to keep there (src/widget/embed.ts).
 */
export class RelayedStorage implements Storage {
  private value: string | null;

  constructor(
    private readonly sessionKey: string,
    initial: string | null,
    private readonly relay: (value: string | null) => void
  ) {
    this.value = initial;
  }

  get length(): number {
    return this.value === null ? 0 : 1;
  }

  key(index: number): string | null {
    return index === 0 && this.value !== null ? this.sessionKey : null;
  }

  getItem(key: string): string | null {
    return key === this.sessionKey ? this.value : null;
  }

  setItem(key: string, value: string): void {
    if (key !== this.sessionKey || value === this.value) return;
    this.value = value;
    this.relay(value);
  }

  removeItem(key: string): void {
    if (key !== this.sessionKey || this.value === null) return;
    this.value = null;
    this.relay(null);
  }

  clear(): void {
    this.removeItem(this.sessionKey);
  }

  /** Another tab's change, through the loader: taken without handing it back. */
  receive(value: string | null): void {
    this.value = value;
  }
}
