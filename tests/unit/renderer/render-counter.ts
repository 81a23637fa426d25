/**
 * Counts the renders of chosen components, per commit, through React's DevTools hook — what React
 * DevTools' "highlight updates" reads; react-dom calls it in development and production builds alike.
 * Import this module before anything that loads react-dom: react-dom looks for the hook once, when it loads.
 *
 * A function component's fiber carries React's PerformedWork flag when its function ran in the
 * commit being made. A fiber untouched by a commit keeps its flags from an older one, but it is also
 * the very object the previous commit held (work always goes to the alternate), so only fibers not
 * held by the previous commit are read.
 */
interface Fiber {
  type: unknown;
  key: string | null;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
}
interface FiberRoot {
  current: Fiber;
}

const PERFORMED_WORK = 1;

export interface RenderCounter {
  /** Whether commits are read (reading walks the whole tree: off while timing). */
  enabled: boolean;
  /** Renders since the last reset, one entry per render, named by the row's React key. */
  renders(): string[];
  reset(): void;
}

const watched = new Set<unknown>();
/** Per root: the watched fibers its previous commit held. */
let held = new WeakMap<FiberRoot, Set<Fiber>>();
let counted: string[] = [];

function keyOf(fiber: Fiber): string {
  for (let f: Fiber | null = fiber; f; f = f.return) if (f.key !== null) return f.key;
  return '?';
}

function onCommit(root: FiberRoot): void {
  if (!counter.enabled) return;
  const before = held.get(root) ?? new Set<Fiber>();
  const now = new Set<Fiber>();
  const stack: Fiber[] = [root.current];
  while (stack.length > 0) {
    const fiber = stack.pop();
    if (!fiber) break;
    if (watched.has(fiber.type)) {
      now.add(fiber);
      if (!before.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0) counted.push(keyOf(fiber));
    }
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  held.set(root, now);
}

const counter: RenderCounter = {
  enabled: false,
  renders: () => [...counted],
  reset: () => {
    counted = [];
  }
};

const scope = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
if (scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ !== undefined) throw new Error('render-counter: a React DevTools hook is already installed');
scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberRoot: (_renderer: number, root: FiberRoot) => onCommit(root),
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined
};

/**
 * Starts counting the renders of `component`: a function component, or a memo() of one (its inner
 * function is what renders). Returns the counter (one for the whole module). Call it before the
 * tree mounts: a tree mounted while the counter was off has flags this module cannot date.
 */
export function countRenders(component: unknown): RenderCounter {
  const inner = typeof component === 'object' && component !== null && 'type' in component ? (component as { type: unknown }).type : component;
  watched.add(inner);
  counter.enabled = true;
  held = new WeakMap();
  return counter;
}
