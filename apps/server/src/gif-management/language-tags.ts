import type { CreatorsDb } from '../uploads/schema.ts';
import type { LanguageTags } from '@loopbox/contract/gif-management';

/** Language tags of some GIFs: gif id → language → tags (alphabetical). */
export async function languageTagsOf(db: CreatorsDb, gifIds: readonly string[]): Promise<Record<string, LanguageTags>> {
  const out: Record<string, LanguageTags> = {};
  if (gifIds.length === 0) return out;
  const rows = await db
    .selectFrom('gif_language_tags')
    .select(['gif_id', 'lang', 'tag'])
    .where('gif_id', 'in', [...gifIds])
    .orderBy('gif_id')
    .orderBy('lang')
    .orderBy('tag')
    .execute();
  for (const r of rows) {
    out[r.gif_id] ??= {};
    const byLang = out[r.gif_id]!;
    byLang[r.lang] ??= [];
    byLang[r.lang]!.push(r.tag);
  }
  return out;
}
