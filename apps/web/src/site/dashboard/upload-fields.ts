import type { Rating } from '@loopbox/contract/ratings';

/** What a creator says about an upload; sent as tus metadata or JSON (the server checks each field). */
export interface UploadFields {
  title: string;
  tags: string;
  rating: Rating;
  source_post_url: string;
  is_sticker: boolean;
  visibility: 'public' | 'unlisted' | 'private';
}

export const EMPTY_FIELDS: UploadFields = {
  title: '',
  tags: '',
  rating: 'pg-13',
  source_post_url: '',
  is_sticker: false,
  visibility: 'public',
};
export { RATINGS } from '@loopbox/contract/ratings';
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;

/** The fields as strings, leaving out the empty ones (absent fields take the server's defaults). */
export function fieldStrings(f: UploadFields): Record<string, string> {
  const out: Record<string, string> = { rating: f.rating, is_sticker: String(f.is_sticker), visibility: f.visibility };
  if (f.title.trim()) out.title = f.title.trim();
  if (f.tags.trim()) out.tags = f.tags;
  if (f.source_post_url.trim()) out.source_post_url = f.source_post_url.trim();
  return out;
}

/** A suggested tag added to the comma-separated tags, once. */
export function withTag(tags: string, tag: string): string {
  const list = tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return list.includes(tag) ? tags : [...list, tag].join(', ');
}
