import { useState } from 'react';
import { backendData } from '../../shared/backend.ts';

/** Mails the signed-in visitor a fresh confirmation link (also on the settings page). */
export function ResendLink() {
  const [answer, setAnswer] = useState<string>();
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      await backendData('POST', '/api/v1/email/verify/resend/');
      setAnswer('A new link is on its way. Open it from the mail.');
    } catch (error) {
      setAnswer(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <p className="lb-form__actions">
      <button type="button" className="lb-button" aria-disabled={pending || undefined} onClick={() => !pending && void send()}>
        {pending ? 'Sending…' : 'Send a new confirmation link'}
      </button>
      <span role="status">{answer}</span>
    </p>
  );
}
