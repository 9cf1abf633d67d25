import { PROVIDER_NAME } from '@loopbox/pages';
import { useState } from 'react';
import { backendData, callBackend } from '../../shared/backend.ts';
import { TOKEN_LABEL_MAX } from '../account/constants.ts';
import { Field, FormStatus, SubmitButton, textOf, useFormSubmit } from '../account/form.tsx';
import { CopyField } from '../display/CopyField.tsx';
import { useResource } from '../data/use-resource.ts';
import { Panel } from './Panel.tsx';
import { fetchTokens, when, type NewAccessToken, type TokenListing } from './settings-api.ts';

/**
 * Personal access tokens (`Authorization: Bearer …` for stories, the scheduler and scripts): make one
 * (shown this once, with a Copy button), see the live ones by label and first characters, revoke.
 */
export function TokensList() {
  const [version, setVersion] = useState(0);
  const [made, setMade] = useState<{ label: string; token: string }>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const tokens = useResource(`tokens:${version}`, fetchTokens);
  const create = useFormSubmit(async (data, form) => {
    setMade(undefined);
    setDone(undefined);
    const token = await backendData<NewAccessToken>('POST', '/api/v1/tokens/', {
      json: { label: textOf(data, 'label').trim() },
    });
    form.reset();
    setMade({ label: token.label, token: token.token });
    setVersion(version + 1);
  });
  const revoke = async (token: TokenListing) => {
    setError(undefined);
    setDone(undefined);
    try {
      await callBackend('DELETE', `/api/v1/tokens/${token.id}/`);
    } catch (failure) {
      setError((failure as Error).message);
      return;
    }
    if (made?.label === token.label) setMade(undefined);
    setDone(`Token “${token.label}” revoked.`);
    setVersion(version + 1);
  };
  return (
    <Panel
      id="tokens"
      title="Personal access tokens"
      lead={`For scripts and tools that call ${PROVIDER_NAME} as you. A token acts with your role and cannot change your password, sessions or tokens.`}
    >
      <form className="lb-form" onSubmit={create.onSubmit} noValidate aria-busy={create.pending}>
        <FormStatus error={create.errors.form} />
        <Field
          label="Token name"
          name="label"
          required
          maxLength={TOKEN_LABEL_MAX}
          hint="What it is for, e.g. “upload script”."
          error={create.errors.fields.label}
        />
        <div className="lb-form__actions">
          <SubmitButton pending={create.pending} busyText="Making it…">
            Make a token
          </SubmitButton>
        </div>
      </form>
      {made && (
        <div className="lb-token-made">
          <p role="status">
            <strong>Copy your new token “{made.label}” now:</strong> it is shown only this once.
          </p>
          <CopyField label="New token" value={made.token} />
        </div>
      )}
      <FormStatus error={error} done={done} />
      {tokens.status === 'ok' && tokens.data.length === 0 && <p>No tokens yet.</p>}
      {tokens.status === 'ok' && tokens.data.length > 0 && (
        <ul className="lb-list" aria-label="Your tokens">
          {tokens.data.map((token) => (
            <li key={token.id}>
              <span className="lb-list__what">
                <span>
                  {token.label} <code>{token.hint}</code>
                </span>
                <small>
                  made {when(token.created_at)} · {token.last_used_at ? `last used ${when(token.last_used_at)}` : 'never used'}
                </small>
              </span>
              <button type="button" className="lb-button" onClick={() => void revoke(token)}>
                Revoke<span className="lb-visually-hidden"> {token.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {tokens.status === 'error' && <p role="alert">Your tokens could not be loaded: {(tokens.error as Error).message}</p>}
    </Panel>
  );
}
