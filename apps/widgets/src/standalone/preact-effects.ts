import { options } from 'preact';

/**
 * Where the light bundles run on preact/compat (docs/decisions.md, "Light entries"): effects
 * (`useEffect`) flush in a task queued right after the render, as React's scheduler does, rather than
 * at the next animation frame (with a 35 ms timer behind it), which is preact's default. The source
 * was written and is tested for React's timing; an embed in a hidden iframe gets no frames at all.
 * Imported once by each light entry, before it renders.
 */
const channel = new MessageChannel();
const queued: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const callback of queued.splice(0)) callback();
};
options.requestAnimationFrame = (callback) => {
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
};
