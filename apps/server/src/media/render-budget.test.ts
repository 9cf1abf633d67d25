import { describe, expect, it } from 'vitest';
import { createRenderBudget } from './render-budget.ts';
import { RenderRefused } from './render-refused.ts';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as RenderRefused,
  );

describe('render budget', () => {
  it('limits new renders per client address, each address on its own', async () => {
    const budget = createRenderBudget({ perKey: 100, perAddress: 2 });
    await budget.take({ apiKey: 'k', address: 'a' });
    await budget.take({ apiKey: 'k', address: 'a' });
    const refused = await refusal(budget.take({ apiKey: 'k', address: 'a' }));
    expect(refused).toBeInstanceOf(RenderRefused);
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('address') });
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await expect(budget.take({ apiKey: 'k', address: 'b' })).resolves.toBeDefined();
  });

  it('limits new renders per API key across addresses, and a key refusal costs the address nothing', async () => {
    const budget = createRenderBudget({ perKey: 2, perAddress: 2 });
    await budget.take({ apiKey: 'k', address: 'a' });
    await budget.take({ apiKey: 'k', address: 'b' });
    expect(await refusal(budget.take({ apiKey: 'k', address: 'c' }))).toMatchObject({
      status: 429,
      message: expect.stringContaining('API key'),
    });
    // c's address budget was given back: two renders with another key still fit.
    await budget.take({ apiKey: 'other', address: 'c' });
    await budget.take({ apiKey: 'other', address: 'c' });
    expect(await refusal(budget.take({ apiKey: 'other', address: 'c' }))).toMatchObject({ status: 429 });
  });

  it('gives a refunded render back to both budgets', async () => {
    const budget = createRenderBudget({ perKey: 1, perAddress: 1 });
    const charge = await budget.take({ apiKey: 'k', address: 'a' });
    charge.refund();
    await expect(budget.take({ apiKey: 'k', address: 'a' })).resolves.toBeDefined();
  });
});
