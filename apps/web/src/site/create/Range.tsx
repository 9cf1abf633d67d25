import { useId } from 'react';

/** A labelled slider showing its value. */
export function Range({
  label,
  value,
  min,
  max,
  step,
  onChange,
  unit = '',
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className="lb-maker__range">
      <label htmlFor={id}>
        {label} <output htmlFor={id}>{`${Math.round(value * 100) / 100}${unit}`}</output>
      </label>
      <input id={id} type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </div>
  );
}
