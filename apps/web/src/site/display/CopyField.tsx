import './copy-field.css';
import { useId, useRef, useState } from 'react';
import { copyText } from './copy-text.ts';

/** How long "Copied" shows after a copy. */
const COPIED_MESSAGE_MS = 2000;

/** A read-only field with a Copy button; the button says when it worked. */
export function CopyField({
  label,
  value,
  multiline = false,
  onCopy,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  onCopy?: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    const copied = await copyText(value, () => field.current?.select());
    setState(copied ? 'copied' : 'failed');
    if (copied) onCopy?.();
    setTimeout(() => setState('idle'), COPIED_MESSAGE_MS);
  };
  const select = () => field.current?.select();
  return (
    <div className="lb-copy">
      <label htmlFor={id} className="lb-copy__label">
        {label}
      </label>
      <div className="lb-copy__row">
        {multiline ? (
          <textarea ref={field} id={id} className="lb-copy__field" readOnly rows={3} value={value} onFocus={select} />
        ) : (
          <input ref={field} id={id} className="lb-copy__field" readOnly value={value} onFocus={select} />
        )}
        <button type="button" className="lb-button lb-button--primary" onClick={() => void copy()} aria-describedby={`${id}-status`}>
          Copy
        </button>
      </div>
      <span id={`${id}-status`} className="lb-copy__status" role="status">
        {state === 'copied' ? `${label} copied` : state === 'failed' ? 'Select the text and copy it yourself' : ''}
      </span>
    </div>
  );
}
