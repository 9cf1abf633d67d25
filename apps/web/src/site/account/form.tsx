import './account.css';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { BackendError } from '../../shared/backend.ts';
import { Button } from '../../ui/Button.tsx';
import { described, Frame, TextField, TextAreaField as UiTextAreaField } from '../../ui/Field.tsx';
import { formatQuantity } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

/** Errors of one submission: by input name (shown beside it), and for the form as a whole. */
export interface FormErrors {
  fields: Record<string, string>;
  form?: string;
}

const NO_ERRORS: FormErrors = { fields: {} };

/** What a 429 says, with the wait the server asked for. */
function messageOf(error: unknown): string {
  if (error instanceof BackendError && error.status === 429 && error.retryAfter) {
    const minutes = Math.ceil(error.retryAfter / 60);
    return `${error.message}. Try again in ${formatQuantity(minutes, 'minute')}.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  // The server's messages start with the field's name ("password must be…"): a sentence here.
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * A form's submission: the browser's own form (labels, Enter to submit, the keyboard), read as
 * FormData on submit and sent by `submit`. While it runs the form is busy; when the server names
 * the input that caused an error (`{field}`) and the form has it, the message shows beside that
 * input and the focus moves there; any other error shows at the top of the form. `inputOf` maps a
 * server's field name (and message) to the input's name when they differ.
 */
export function useFormSubmit(
  submit: (data: FormData, form: HTMLFormElement) => Promise<void>,
  inputOf: (field: string, message: string) => string = (field) => field,
) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    setErrors(NO_ERRORS);
    try {
      await submit(new FormData(form), form);
    } catch (error) {
      const field = error instanceof BackendError && error.field ? inputOf(error.field, error.message) : undefined;
      const input = field ? form.elements.namedItem(field) : null;
      if (field && input instanceof HTMLElement) {
        setErrors({ fields: { [field]: messageOf(error) } });
        // After the error is rendered, so a screen reader reads it with the field.
        requestAnimationFrame(() => input.focus());
      } else setErrors({ fields: {}, form: messageOf(error) });
    } finally {
      setPending(false);
    }
  };
  return { onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event), pending, errors };
}

/** A form's own error (not about one input) and its success message, announced when they change. */
export function FormStatus({ error, done }: { error?: string | undefined; done?: ReactNode }) {
  return (
    <>
      {error && <Alert>{error}</Alert>}
      <p className="lb-form__done" role="status">
        {done}
      </p>
    </>
  );
}

interface FieldProps {
  label: string;
  name: string;
  /** The error the server gave for this input. */
  error?: string | undefined;
  /** A hint (the rule the input must follow). */
  hint?: ReactNode;
}

/** The design system's text field, named for FormData. */
export function Field(props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  return <TextField {...props} />;
}

export function TextAreaField(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  return <UiTextAreaField {...props} />;
}

/** A password input with a Show / Hide toggle beside it. */
export function PasswordField(
  props: FieldProps & { autoComplete: 'current-password' | 'new-password' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>,
) {
  const [shown, setShown] = useState(false);
  const { label, name, error, hint, ...rest } = props;
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <div className="lb-field__row">
        <input
          className="lb-field__control"
          type={shown ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          {...rest}
          id={id}
          name={name}
          {...described(id, hint, error)}
        />
        <Button aria-controls={id} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span className="lb-visually-hidden"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </Frame>
  );
}

/** The submit button: says it is working while the form is busy. */
export function SubmitButton({ pending, children, busyText }: { pending: boolean; children: ReactNode; busyText: string }) {
  return (
    <Button type="submit" variant="primary" aria-disabled={pending || undefined}>
      {pending ? busyText : children}
    </Button>
  );
}

/** The text of a FormData entry ('' when absent). */
export const textOf = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};
