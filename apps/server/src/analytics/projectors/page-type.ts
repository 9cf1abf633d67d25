import { isPageType, pageTypeOf } from '@loopbox/sdk';
import { UNKNOWN_PAGE_TYPE } from '../constants.ts';

/** The SDK's page type of a path (SPEC 2.3, one mapping for client and server), or `unknown` for no path. */
export function pageTypeOfPath(path: unknown): string {
  return typeof path === 'string' ? pageTypeOf(path) : UNKNOWN_PAGE_TYPE;
}

/**
 * The page type of a pingback from its attributes: `page_type` when the client named a known one,
 * else that of `page_path` (or `path`); none of them means a widget outside our pages.
 */
export function pageTypeOfAttributes(attributes: unknown): string {
  if (typeof attributes !== 'object' || attributes === null) return UNKNOWN_PAGE_TYPE;
  const attrs = attributes as Record<string, unknown>;
  if (typeof attrs.page_type === 'string' && isPageType(attrs.page_type)) return attrs.page_type;
  return pageTypeOfPath(typeof attrs.page_path === 'string' ? attrs.page_path : attrs.path);
}
