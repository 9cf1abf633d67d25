import { describe, expect, it } from 'vitest';
import { fetchSeries, seriesUrl } from './series-api.ts';
import { readPageQuery, withDays } from './window-choice.ts';

describe('the page query', () => {
  it('reads a offered window and a creator, falling back to 30 days site-wide', () => {
    expect(readPageQuery('?days=7&username=alice_a')).toEqual({ days: 7, username: 'alice_a' });
    expect(readPageQuery('?days=90')).toEqual({ days: 90, username: null });
    expect(readPageQuery('')).toEqual({ days: 30, username: null });
    expect(readPageQuery('?days=12&username=%20')).toEqual({ days: 30, username: null });
  });

  it('sets the window and keeps the rest', () => {
    expect(withDays('?username=bob&days=7', 90)).toBe('?username=bob&days=90');
    expect(withDays('', 7)).toBe('?days=7');
  });
});

describe('fetchSeries', () => {
  const answer =
    (status: number, body: unknown): typeof fetch =>
    async () =>
      new Response(JSON.stringify(body), { status });

  it('asks for the window and creator', () => {
    expect(seriesUrl(7, null)).toBe('/api/v1/analytics/series/?days=7');
    expect(seriesUrl(30, 'a b')).toBe('/api/v1/analytics/series/?days=30&username=a+b');
  });

  it('returns the body of a 2xx answer and throws the server message otherwise', async () => {
    await expect(fetchSeries(7, null, answer(200, { days: 7 }))).resolves.toEqual({ days: 7 });
    await expect(fetchSeries(7, 'nobody', answer(404, { meta: { status: 404, msg: 'User nobody not found' } }))).rejects.toThrow(
      'User nobody not found',
    );
    await expect(fetchSeries(7, null, async () => new Response('oops', { status: 502 }))).rejects.toThrow('HTTP 502');
  });
});
