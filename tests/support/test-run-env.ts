/** What every server a test starts runs with: each answer checked against its route's response schema (http/answer-check.ts). */
export const TEST_RUN_ENV = { CHECK_ANSWERS: 'on' } as const;
