/** From a validated response envelope to the clean result type of each client call. */
import { isRecord } from './coerce.ts';
import { normalizeCategory, normalizeChannel, normalizeCursorPagination, normalizeGif, normalizePagination } from './normalize.ts';
import type {
  CategoriesResult,
  ChannelsResult,
  CursorGifsResult,
  GifResult,
  GifsResult,
  NonPaginatedGifsResult,
  TagsResult,
  TrendingSearchesResult,
} from './types.ts';
import type { WireCategory, WireChannel, WireEnvelope, WireGif } from './wire-types.ts';

/**
 * The trust boundary of response data: an object in `data` is taken to be the provider record
 * it should be; the normalisers then coerce every field they guarantee.
 */
function wireRecords<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data.filter(isRecord) as T[]) : [];
}

function wireRecord<T>(data: unknown): T {
  if (!isRecord(data)) throw new TypeError('The response data is not a single record');
  return data as T;
}

export function toGifResult({ data, meta }: WireEnvelope): GifResult {
  return { data: normalizeGif(wireRecord<WireGif>(data)), meta };
}

export function toGifsResult({ data, pagination, meta }: WireEnvelope): GifsResult {
  const gifs = wireRecords<WireGif>(data).map(normalizeGif);
  return { data: gifs, pagination: normalizePagination(pagination, gifs.length), meta };
}

export function toCursorGifsResult({ data, pagination, meta }: WireEnvelope): CursorGifsResult {
  const gifs = wireRecords<WireGif>(data).map(normalizeGif);
  return { data: gifs, pagination: normalizeCursorPagination(pagination, gifs.length), meta };
}

export function toNonPaginatedGifsResult({ data, meta }: WireEnvelope): NonPaginatedGifsResult {
  return { data: wireRecords<WireGif>(data).map(normalizeGif), meta };
}

export function toCategoriesResult({ data, pagination, meta }: WireEnvelope): CategoriesResult {
  const categories = wireRecords<WireCategory>(data).map(normalizeCategory);
  return { data: categories, pagination: normalizePagination(pagination, categories.length), meta };
}

export function toChannelsResult({ data, pagination, meta }: WireEnvelope): ChannelsResult {
  const channels = wireRecords<WireChannel>(data).map(normalizeChannel);
  return { data: channels, pagination: normalizePagination(pagination, channels.length), meta };
}

export function toTrendingSearchesResult({ data, meta }: WireEnvelope): TrendingSearchesResult {
  const terms = Array.isArray(data) ? data.filter((term): term is string => typeof term === 'string') : [];
  return { data: terms, meta };
}

export function toTagsResult({ data, meta }: WireEnvelope): TagsResult {
  const tags = wireRecords<{ name?: unknown; name_encoded?: unknown; analytics_response_payload?: unknown; score?: unknown }>(data).flatMap(
    (tag) =>
      typeof tag.name === 'string'
        ? [
            {
              name: tag.name,
              ...(typeof tag.name_encoded === 'string' ? { name_encoded: tag.name_encoded } : {}),
              ...(typeof tag.analytics_response_payload === 'string' ? { analytics_response_payload: tag.analytics_response_payload } : {}),
              ...(typeof tag.score === 'number' ? { score: tag.score } : {}),
            },
          ]
        : [],
  );
  return { data: tags, meta };
}
