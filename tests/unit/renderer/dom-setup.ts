/** What jsdom lacks and Fluent UI uses. Import first in renderer tests that render Fluent components. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== 'undefined') {
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { value: NoopResizeObserver, configurable: true, writable: true });
  }
  // Without it React listens for the prefixed 'webkitAnimationEnd' and Fluent's toast timer never ends.
  if (!('AnimationEvent' in window)) {
    class AnimationEventPolyfill extends Event {
      readonly animationName: string;
      readonly elapsedTime: number;
      readonly pseudoElement: string;
      constructor(type: string, init: AnimationEventInit = {}) {
        super(type, init);
        this.animationName = init.animationName ?? '';
        this.elapsedTime = init.elapsedTime ?? 0;
        this.pseudoElement = init.pseudoElement ?? '';
      }
    }
    Object.defineProperty(window, 'AnimationEvent', { value: AnimationEventPolyfill, configurable: true, writable: true });
  }
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false
      })
    });
  }
}

export {};
