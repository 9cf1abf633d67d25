/** Small total coercions from untrusted JSON values to clean ones. */
import type { WireFlag } from './wire-types.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An integer from a number or a numeric string ("200"); the fallback for anything else. */
export function toInt(value: unknown, fallback = 0): number {
  const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
}

/** true for true, 1, "1" and "true"; false for everything else (so "0" is false). */
export function toBool(value: WireFlag | undefined): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Each of `keys` coerced with toBool: absent flags become false. */
export function coerceFlags<K extends string>(source: Partial<Record<K, WireFlag>>, keys: readonly K[]): Record<K, boolean> {
  const flags = {} as Record<K, boolean>;
  for (const key of keys) flags[key] = toBool(source[key]);
  return flags;
}

/** Each of `keys` coerced with toBool when present; absent flags stay undefined. */
export function coercePresentFlags<K extends string>(
  source: Partial<Record<K, WireFlag>>,
  keys: readonly K[],
): Record<K, boolean | undefined> {
  const flags = {} as Record<K, boolean | undefined>;
  for (const key of keys) {
    const value = source[key];
    flags[key] = value === undefined ? undefined : toBool(value);
  }
  return flags;
}
