import { useEffect, useRef, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads what `key` names with `load` and re-renders when it settles. No cache of its own: the
 * provider client already keeps responses for 60 s and shares requests in flight (SPEC 9).
 * A new key starts over; an answer for an old key is dropped.
 */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>({ key, resource: { status: 'loading' } });
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    let live = true;
    setState((current) => (current.key === key && current.resource.status === 'loading' ? current : { key, resource: { status: 'loading' } }));
    loader.current().then(
      (data) => live && setState({ key, resource: { status: 'ok', data } }),
      (error: unknown) => live && setState({ key, resource: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state.resource : { status: 'loading' };
}
