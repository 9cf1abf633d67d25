/**
 * PostgreSQL's `ts_rank_cd` (cover density, default weights, no normalization) for an AND of
 * query operands, so the in-memory index ranks exactly as the SQL path does (docs/decisions.md,
 * "Search ranked in memory").
 */

/** ts_rank_cd's default weight of each tsvector weight class, D, C, B, A (0–3). */
export const CLASS_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

/**
 * A document's matching positions, sorted by position: `positions[i]`, its weight class
 * `classes[i]` and the operands it matches as a bit mask `masks[i]` (several when one lexeme
 * matches several operands). `all` is the mask of every operand.
 *
 * Covers are found as PostgreSQL finds them: from a start, the first item by which every operand has
 * been seen ends a cover; walking back from it, the first item by which every operand has been seen
 * again begins it; the next search starts after that beginning. Each cover adds its items' harmonic
 * weight, divided by one plus the words between them that match nothing.
 */
export function coverDensity(positions: ArrayLike<number>, classes: ArrayLike<number>, masks: ArrayLike<number>, all: number): number {
  let rank = 0;
  for (let start = 0; ; ) {
    const end = coverEnd(masks, start, all);
    if (end < 0) return rank;
    const begin = coverBegin(masks, end, all);
    let inverseSum = 0;
    for (let i = begin; i <= end; i++) inverseSum += 1 / CLASS_WEIGHTS[classes[i]!]!;
    let noise = positions[end]! - positions[begin]! - (end - begin);
    if (noise < 0) noise = Math.floor((end - begin) / 2);
    rank += (end - begin + 1) / inverseSum / (1 + noise);
    start = begin + 1;
  }
}

/** The first item from `start` by which every operand has been seen, or -1. */
function coverEnd(masks: ArrayLike<number>, start: number, all: number): number {
  let seen = 0;
  for (let i = start; i < masks.length; i++) {
    seen |= masks[i]!;
    if (seen === all) return i;
  }
  return -1;
}

/** Walking back from `end`, the first item by which every operand has been seen. */
function coverBegin(masks: ArrayLike<number>, end: number, all: number): number {
  let seen = 0;
  for (let i = end; i > 0; i--) {
    seen |= masks[i]!;
    if (seen === all) return i;
  }
  return 0;
}
