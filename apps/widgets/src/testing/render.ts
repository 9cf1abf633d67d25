/** Test-only: mounting inside React's act() so effects and state updates have run on return. */
import { act } from 'react';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A fresh element in the document. */
export function container(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

/** Runs a render function inside act(); returns its unmount, itself wrapped in act(). */
export function mounted(render: (element: HTMLElement) => () => void, element: HTMLElement = container()) {
  let unmount: () => void = () => {};
  act(() => {
    unmount = render(element);
  });
  return { element, unmount: () => act(() => unmount()) };
}

/**
 * Runs `fn` in act() and lets settled promises deliver their results. Tests fake timers with
 * `fakeTimers()`, which leaves setImmediate real for this.
 */
export async function settle(fn: () => void = () => {}): Promise<void> {
  await act(async () => {
    fn();
    for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  });
}

/** Fake timers (setTimeout, setInterval, Date) for a simulated clock; setImmediate stays real. */
export function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Undoes what every widget test changes: fake timers, spies, stubbed globals and the document body. */
export function cleanUpDom(): void {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
}
