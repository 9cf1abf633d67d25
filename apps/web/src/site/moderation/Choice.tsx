/** A labelled select of named values; with `anyLabel`, a first empty choice meaning "no filter". */
export function Choice({ name, label, values, anyLabel, defaultValue }: { name: string; label: string; values: readonly string[]; anyLabel?: string; defaultValue?: string }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={defaultValue ?? (anyLabel ? '' : values[0])}>
        {anyLabel && <option value="">{anyLabel}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {v.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </label>
  );
}
