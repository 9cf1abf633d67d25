/** What every server a test starts runs with: each answer checked against its route's response schema (http/answer-check.ts). */
export const TEST_RUN_ENV = { CHECK_ANSWERS: 'on' } as const;

/** What a bench's server runs with instead: as `npm start` runs, since the check parses every answer a second time. */
export const BENCH_RUN_ENV = { CHECK_ANSWERS: 'off' } as const;
