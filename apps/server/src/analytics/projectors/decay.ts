/** A score that decays exponentially, kept as its value at `asOf` (the latest event time folded in). */
export interface Decayed {
  score: number;
  asOf: number;
}

/**
 * Pure: adds `weight` happening at `at` (ms) to a decayed score. Events are folded one at a time in seq
 * order whatever the batch split, so an incremental fold and a full replay do the same float operations.
 */
export function addDecayed(current: Decayed | undefined, weight: number, at: number, halfLifeMs: number): Decayed {
  if (!current) return { score: weight, asOf: at };
  if (at >= current.asOf) return { score: current.score * 2 ** (-(at - current.asOf) / halfLifeMs) + weight, asOf: at };
  return { score: current.score + weight * 2 ** (-(current.asOf - at) / halfLifeMs), asOf: current.asOf };
}

/**
 * log2(score) + asOf / half-life: orders scores like their values decayed to any common "now"
 * (score·2^(-(now-asOf)/h)), so it can be stored and indexed, and never underflows to a tie.
 */
export function rankOf(d: Decayed, halfLifeMs: number): number {
  return Math.log2(d.score) + d.asOf / halfLifeMs;
}
