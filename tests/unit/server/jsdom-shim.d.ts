/**
 * The little of jsdom's API the widget page test uses (the package ships no types and the node
 * test config has no DOM lib): elements, documents and windows as that test touches them.
 */
declare module 'jsdom' {
  export interface DomElement {
    id: string;
    textContent: string | null;
    hidden: boolean;
    value: string;
    disabled: boolean;
    options: ArrayLike<{ value: string }> & Iterable<{ value: string }>;
    getAttribute(name: string): string | null;
    click(): void;
    focus(): void;
    dispatchEvent(event: object): boolean;
  }
  export interface DomDocument {
    activeElement: DomElement | null;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>;
  }
  export interface DomWindow {
    document: DomDocument;
    sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
    File: new (parts: string[], name: string, options?: { type?: string }) => object;
    Event: new (type: string) => object;
    close(): void;
  }
  export class VirtualConsole {
    on(event: 'jsdomError', listener: (error: Error) => void): this;
  }
  export interface ConstructorOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
    virtualConsole?: VirtualConsole;
    beforeParse?(window: DomWindow): void;
  }
  export class JSDOM {
    constructor(html: string, options?: ConstructorOptions);
    readonly window: DomWindow;
  }
}
