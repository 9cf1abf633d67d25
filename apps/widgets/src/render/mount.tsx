import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** Unmounts the widget: the element is left empty, with no timer, observer or listener of ours. */
export type Unmount = () => void;

/**
 * Renders into a `display: contents` host appended to `element`, at once (synchronously), and
 * returns the unmount function. React keeps its event listeners on the root's container for the
 * container's lifetime, so the container is our own host, removed with them on unmount.
 */
export function mount(node: ReactNode, element: Element): Unmount {
  const host = element.ownerDocument.createElement('div');
  host.className = 'lb-root';
  host.style.display = 'contents';
  element.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(node));
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    host.remove();
  };
}
