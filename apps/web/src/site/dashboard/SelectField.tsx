import { useId } from 'react';

type Choice<T extends string> = T | { value: T; label: string };

/**
 * A labelled select. The label stands beside the select (not around it): wrapped, the options'
 * text would fold into the label's text and the select's name.
 */
export function SelectField<T extends string>({ label, value, choices, onChange }: { label: string; value: NoInfer<T>; choices: readonly Choice<T>[]; onChange(value: T): void }) {
  const id = useId();
  return (
    <div className="lb-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {choices.map((c) => (typeof c === 'string' ? <option key={c}>{c}</option> : <option key={c.value} value={c.value}>{c.label}</option>))}
      </select>
    </div>
  );
}
