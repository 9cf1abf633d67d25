import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, TooManyAttempts } from './attempt-limits.ts';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('attempt limits', () => {
  it('checks without counting, counts past the limit into a 429 with Retry-After, and forgets on clear', async () => {
    let now = 0;
    const limits = createAttemptLimiter({ loginFailuresPerAccount: { points: 2, windowS: 60 } }, () => now);
    await limits.check('loginFailuresPerAccount', 'Ann');
    await limits.count('loginFailuresPerAccount', 'Ann');
    await limits.check('loginFailuresPerAccount', 'ann');
    await limits.count('loginFailuresPerAccount', 'ANN');
    now = 20_000;
    const refused = await refusal(limits.check('loginFailuresPerAccount', 'ann'));
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect(refused).toMatchObject({ status: 429, retryAfterS: 40 });
    expect(await refusal(limits.count('loginFailuresPerAccount', 'ann'))).toBeInstanceOf(TooManyAttempts);
    await limits.clear('loginFailuresPerAccount', 'Ann');
    await limits.check('loginFailuresPerAccount', 'ann');
    now = 20_000 + 60_000;
    await limits.count('loginFailuresPerAccount', 'bob');
    await limits.count('loginFailuresPerAccount', 'bob');
    expect(await refusal(limits.count('loginFailuresPerAccount', 'bob'))).toBeInstanceOf(TooManyAttempts);
  });

  it('counts long keys by their whole value: two e-mails alike in their first 64 characters are apart', async () => {
    const limits = createAttemptLimiter({ mailsPerEmail: { points: 1, windowS: 60 } });
    const prefix = `${'x'.repeat(70)}`;
    await limits.count('mailsPerEmail', `${prefix}a@example.com`);
    await limits.count('mailsPerEmail', `${prefix}b@example.com`);
    expect(await refusal(limits.count('mailsPerEmail', `${prefix.toUpperCase()}A@example.com`))).toBeInstanceOf(TooManyAttempts);
  });
});
