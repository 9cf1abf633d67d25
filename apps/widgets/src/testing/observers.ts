/**
 * Test-only: IntersectionObserver and ResizeObserver fakes that tests drive by hand, counting the
 * observers still connected so a test can prove an unmount left none behind.
 */
import { vi } from 'vitest';

/** What both fakes share: the targets they watch, and leaving the registry on disconnect. */
class FakeObserver {
  readonly targets = new Set<Element>();
  constructor(private readonly connectedSet: Set<FakeObserver>) {
    connectedSet.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    this.connectedSet.delete(this);
  }
}

class FakeIntersectionObserver extends FakeObserver {
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    super(registry.intersection as Set<FakeObserver>);
  }
  takeRecords() {
    return [];
  }
}

class FakeResizeObserver extends FakeObserver {
  constructor(readonly callback: ResizeObserverCallback) {
    super(registry.resize as Set<FakeObserver>);
  }
}

const registry = {
  intersection: new Set<FakeIntersectionObserver>(),
  resize: new Set<FakeResizeObserver>(),
};

const rect = (width = 100, height = 100) =>
  ({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) }) as DOMRectReadOnly;

export function installObservers() {
  registry.intersection.clear();
  registry.resize.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    /**
     * Reports `target` to every connected observer watching it: `ratio` 0 means out of view.
     * A threshold observer only hears about ratios at or past its threshold, or leaving.
     */
    intersect(target: Element, ratio: number) {
      for (const observer of [...registry.intersection]) {
        if (!observer.targets.has(target)) continue;
        const entry = {
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
          boundingClientRect: rect(),
          intersectionRect: rect(),
          rootBounds: null,
          time: 0,
        } as IntersectionObserverEntry;
        observer.callback([entry], observer as unknown as IntersectionObserver);
      }
    },
    resize(target: Element, width: number, height: number) {
      for (const observer of [...registry.resize]) {
        if (!observer.targets.has(target)) continue;
        const entry = { target, contentRect: rect(width, height) } as ResizeObserverEntry;
        observer.callback([entry], observer as unknown as ResizeObserver);
      }
    },
    /** Observers still connected and watching something. */
    connected: () => [...registry.intersection, ...registry.resize].filter((o) => o.targets.size > 0).length,
    /** Options of the connected IntersectionObservers watching `target`. */
    optionsFor: (target: Element) => [...registry.intersection].filter((o) => o.targets.has(target)).map((o) => o.options),
  };
}
