import { describe, expect, it } from 'vitest';
import { parseQuery } from '../http/parse.ts';
import { SearchServiceQuery } from './search-service-query.ts';

describe('SearchServiceQuery', () => {
  it('reads an absent rating as any rating, unlike the public API, which defaults to pg-13', () => {
    expect(parseQuery(SearchServiceQuery, {}).rating).toBeUndefined();
    expect(parseQuery(SearchServiceQuery, { rating: 'r' }).rating).toBe('r');
  });
});
