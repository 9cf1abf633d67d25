import { CHANNEL_PAGE_TYPE, HOME_PAGE_TYPE, PAGE_TYPES, UNKNOWN_PAGE_TYPE } from '../constants.ts';

const KNOWN = new Set<string>(PAGE_TYPES);

/**
 * The page type of a pingback (SPEC 2.3) from its attributes: `page_type` when the client named a known
 * one, else the first segment of `page_path` (or `path`); none of them means a widget outside our pages.
 */
export function pageTypeOf(attributes: unknown): string {
  if (typeof attributes !== 'object' || attributes === null) return UNKNOWN_PAGE_TYPE;
  const attrs = attributes as Record<string, unknown>;
  if (typeof attrs.page_type === 'string' && (KNOWN.has(attrs.page_type) || attrs.page_type === HOME_PAGE_TYPE || attrs.page_type === CHANNEL_PAGE_TYPE)) {
    return attrs.page_type;
  }
  const path = typeof attrs.page_path === 'string' ? attrs.page_path : typeof attrs.path === 'string' ? attrs.path : null;
  if (path === null) return UNKNOWN_PAGE_TYPE;
  const segment = path.split(/[?#]/)[0]!.split('/').filter(Boolean)[0];
  if (!segment) return HOME_PAGE_TYPE;
  return KNOWN.has(segment) ? segment : CHANNEL_PAGE_TYPE;
}
