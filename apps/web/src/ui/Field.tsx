import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control, which is then marked invalid and described by it. */
  error?: string | undefined;
}

/**
 * A label, a control, a hint and an error, wired by ids. The label stands beside the control (not
 * around it): wrapped, a select's option text would fold into the label's text and the control's name.
 */
export function Frame({ label, hint, error, id, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className="lb-field">
      <label htmlFor={id} className="lb-field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="lb-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="lb-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a control framed by `Frame` with this id, hint and error. */
export function described(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

/** A one-line text field (any `type` of `<input>` that takes typing). */
export function TextField({ label, hint, error, id: given, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame label={label} hint={hint} error={error} id={id}>
      <input id={id} className={['lb-field__control', className].filter(Boolean).join(' ')} {...described(id, hint, error)} {...input} />
    </Frame>
  );
}

/** A text area. */
export function TextAreaField({
  label,
  hint,
  error,
  id: given,
  className,
  ...area
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame label={label} hint={hint} error={error} id={id}>
      <textarea id={id} className={['lb-field__control', className].filter(Boolean).join(' ')} {...described(id, hint, error)} {...area} />
    </Frame>
  );
}

export type Choice<T extends string> = T | { value: T; label: string };
const choiceValue = <T extends string>(c: Choice<T>): T => (typeof c === 'string' ? c : c.value);
const labelOf = <T extends string>(c: Choice<T>): string => (typeof c === 'string' ? c : c.label);

/**
 * A select of named values. Controlled (`value` and `onValue`) or left to its form (`name` and
 * `defaultValue`); with `anyLabel`, a first empty choice meaning "no filter".
 */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  choices,
  anyLabel,
  onValue,
  id: given,
  className,
  ...select
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value'> & {
    choices: readonly Choice<T>[];
    anyLabel?: string;
    value?: NoInfer<T> | '';
    onValue?(value: T): void;
  }) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame label={label} hint={hint} error={error} id={id}>
      <select
        id={id}
        className={['lb-field__control', className].filter(Boolean).join(' ')}
        {...described(id, hint, error)}
        {...select}
        onChange={(event) => {
          select.onChange?.(event);
          onValue?.(event.target.value as T);
        }}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {choices.map((c) => (
          <option key={choiceValue(c)} value={choiceValue(c)}>
            {labelOf(c)}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A checkbox (or, with `type="radio"`, a radio) and its label, one touch target tall. */
export function Check({ label, className, ...input }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={['lb-check', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A group of radios under one legend. */
export function RadioGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onValue,
  required,
}: {
  legend: ReactNode;
  name: string;
  choices: readonly Choice<T>[];
  /** Nothing chosen yet when undefined. */
  value: T | undefined;
  onValue(value: T): void;
  required?: boolean;
}) {
  return (
    <fieldset className="lb-choices">
      <legend>{legend}</legend>
      {choices.map((c) => (
        <Check
          key={choiceValue(c)}
          type="radio"
          name={name}
          label={labelOf(c)}
          value={choiceValue(c)}
          checked={value === choiceValue(c)}
          onChange={() => onValue(choiceValue(c))}
          required={required}
        />
      ))}
    </fieldset>
  );
}
