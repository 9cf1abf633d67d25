/**
 * Budgets `npm run bench` enforces: a figure over its budget prints OVER_BUDGET on its line, and the run
 * (tests/bench/run.ts) ends with a failure listing those lines. Timings are only ever judged here, never
 * in `npm test`.
 */
export const OVER_BUDGET = 'OVER BUDGET';

/** The verdict written beside a figure: `budget ≤ 1.20x: within` or `… OVER BUDGET`. */
export const budgetVerdict = (value: number, limit: number, shownLimit: string) =>
  `budget ${shownLimit}: ${value <= limit ? 'within' : OVER_BUDGET}`;

/** The lines of a bench run that exceed their budget. */
export const overBudget = (lines: string[]) => lines.filter((line) => line.includes(OVER_BUDGET));
