import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { SearchLog } from '../analytics/search-log.ts';
import type { TrendingTerms } from '../content/tags.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { Page, SearchResults } from '../content/search.ts';
import type { WireTexts } from './wire.ts';
import type { UnchangedMemo } from '../content/unchanged-memo.ts';
import type { KeptPage } from '../content/trending-order.ts';
import type { MadeFromSource } from '../made-from/credit.ts';
import type { Uploads } from '../uploads/service.ts';
import type { KeyGate } from './auth.ts';
import type { AnswerTrim } from './trim.ts';

export interface ApiDeps {
  /** The primary: every write, and reads that must see them. */
  db: Kysely<Database>;
  /** Where public reads go (a replica with DATABASE_READ_URL); the primary when absent. */
  readDb?: Kysely<Database> | undefined;
  /** Search rankings kept per term for a short time; absent, every search ranks afresh. */
  searchResults?: SearchResults | undefined;
  /** GIFs' wire objects, built once per change (public-api/wire.ts). */
  wires: WireTexts;
  /** Blocks of the kept trending lists, reused while the store reports no change; absent (no change count), each page is read as asked. */
  trendingPages?: UnchangedMemo<KeptPage | null> | undefined;
  /** Pages of related GIFs, reused likewise. */
  relatedPages?: UnchangedMemo<Page<string> | null> | undefined;
  /** The GIF maker's source of each GIF looked up by id, as anyone may open it; reused likewise (each call reads without a change count). */
  madeFromSources: UnchangedMemo<MadeFromSource | null>;
  mediaDir: string;
  /** Absolute origin for media and page links; when unset, the request's own origin. */
  publicUrl?: string | undefined;
  /** Where GIF renditions are named (MEDIA_PUBLIC_URL: a CDN or the bucket's public URL); unset, this server's `/media`. */
  mediaPublicUrl?: string | undefined;
  /** Where searches are logged for the analytics projections; absent, they are not logged. */
  searchLog?: SearchLog | undefined;
  /** What a search term needs to show in trending searches (TRENDING_* settings). */
  trendingRules: TrendingSearchRules;
  /** The trending search terms under those rules, kept while the embedded store reports no change to them. */
  trendingTerms: TrendingTerms;
  /** Signs the analytics_response_payload of every GIF handed out; the collector verifies them. */
  payloads: PayloadSigner;
  /** Receives and processes uploads (POST /v1/gifs, the dashboard); absent, uploading is off. */
  uploads?: Uploads | undefined;
  /** Checks, limits and counts the API keys calls are made with. */
  keys: KeyGate;
}

/** Where the public API's reads go: the replica when there is one, else the primary. */
export const readsOf = (deps: Pick<ApiDeps, 'db' | 'readDb'>): Kysely<Database> => deps.readDb ?? deps.db;

/** `answerTrim`: the call's `fields`/`bundle` (public-api/trim.ts); `trimmed`: set once the answer was made trimmed, GIF by GIF. */
export type ApiEnv = { Variables: { responseId: string; apiKey: string; answerTrim?: AnswerTrim | undefined; trimmed?: boolean } };
