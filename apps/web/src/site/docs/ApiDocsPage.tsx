import './docs.css';
import { API_DOCS_PAGE, apiDocsHead, DEVELOPERS_PAGE, loginPath, OPENAPI_DOCUMENT } from '@loopbox/pages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { listApps } from '../developers/developers-api.ts';
import { useAccount } from '../shell/account.tsx';
import { PageFailed } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { SelectField } from '../../ui/Field.tsx';
import { loadReference, referenceConfig, tryKeys, type ReferenceInstance, type TryKey } from './reference.ts';

/**
 * The API reference (`/docs/api`): the server's OpenAPI document rendered by Scalar, with "try it"
 * calling this site with the visitor's own key (chosen from their apps' live keys).
 */
export default function ApiDocsPage() {
  usePage(apiDocsHead(), { pagePath: API_DOCS_PAGE });
  const keys = useVisitorKeys();
  const [chosen, setChosen] = useState<string>();
  const key = chosen ?? keys?.[0]?.key;
  const { mount, failed } = useReference(key);
  return (
    <div className="lb-api-docs">
      <div className="lb-api-docs__intro">
        <h1>API reference</h1>
        <p>
          Every call of this site's API: GIPHY-compatible (<code>/v1</code>, <code>/v2</code>), Tenor-compatible (<code>/tenor/v2</code>)
          and the site's own backend. The machine-readable document is at <a href={OPENAPI_DOCUMENT}>{OPENAPI_DOCUMENT}</a> (OpenAPI 3.1).
        </p>
        <KeyPicker keys={keys} value={key} onChange={setChosen} />
      </div>
      {failed ? <PageFailed onRetry={() => location.reload()}>The API reference could not be loaded.</PageFailed> : null}
      <section ref={mount} className="lb-api-docs__reference" aria-label="Reference" />
    </div>
  );
}

/** The signed-in visitor's live keys; an empty list when signed out or without apps; undefined while asking. */
function useVisitorKeys(): TryKey[] | undefined {
  const { state } = useAccount();
  const [keys, setKeys] = useState<TryKey[]>();
  const signedIn = Boolean(state?.user);
  useEffect(() => {
    if (state === undefined) return;
    if (!signedIn) return setKeys([]);
    let live = true;
    listApps().then(
      (apps) => live && setKeys(tryKeys(apps)),
      () => live && setKeys([]),
    );
    return () => {
      live = false;
    };
  }, [state, signedIn]);
  return keys;
}

/** Mounts the reference once into `mount`, and gives its "try it" the chosen key whenever that changes. */
function useReference(key: string | undefined) {
  const mount = useRef<HTMLElement>(null);
  const instance = useRef<ReferenceInstance | undefined>(undefined);
  const latestKey = useRef(key);
  latestKey.current = key;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadReference().then(
      (scalar) => {
        if (live && mount.current) instance.current = scalar.createApiReference(mount.current, referenceConfig(latestKey.current));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      instance.current?.destroy();
      instance.current = undefined;
    };
  }, []);
  useEffect(() => instance.current?.updateConfiguration(referenceConfig(key)), [key]);
  return { mount, failed };
}

function KeyPicker({ keys, value, onChange }: { keys: TryKey[] | undefined; value: string | undefined; onChange: (key: string) => void }) {
  const { state } = useAccount();
  if (keys === undefined) return <p>Looking for your API keys…</p>;
  if (!state?.user)
    return (
      <p>
        <Link href={loginPath(API_DOCS_PAGE)}>Log in</Link> to try calls with your own API key.
      </p>
    );
  if (keys.length === 0)
    return (
      <p>
        You have no API key yet: <Link href={DEVELOPERS_PAGE}>create an app</Link> to get one, then try calls here.
      </p>
    );
  return (
    <div className="lb-api-docs__key">
      <SelectField
        label="Try calls with"
        choices={keys.map((k) => ({ value: k.key, label: k.label }))}
        value={value ?? ''}
        onValue={onChange}
        hint="Calls count against this key's hourly limit and show in its usage."
      />
    </div>
  );
}
