import type { AuthDeps } from '../auth/context.ts';
import type { Clock } from '../jobs/clock.ts';
import type { JobQueueDeps } from '../jobs/queue.ts';
import type { VideoOembedSettings } from '../external-video/settings.ts';
import type { SearchLog } from '../analytics/search-log.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import type { MailDeps } from '../mail/outbox.ts';
import type { MediaDeps } from '../media-store/media-store.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { Uploads } from '../uploads/service.ts';
import type { Predictor } from '../tag-prediction/predictor.ts';

/**
 * What the own backend's routes need, all of it: each feature's routes declare the part they use
 * (AuthDeps, MailDeps, MediaDeps, JobQueueDeps and the fields below), so no feature imports this.
 */
export interface BackendDeps extends AuthDeps, MailDeps, MediaDeps, JobQueueDeps {
  mediaDir: string;
  /** Whether mail leaves by SMTP; without it the outbox page is how a self-hoster reads it. */
  smtpConfigured: boolean;
  searchLog?: SearchLog | undefined;
  /** What a search term needs to show in trending searches (TRENDING_* settings). */
  trendingRules: TrendingSearchRules;
  /** What time it is for keys' grace periods (jobs/clock.ts). */
  clock: Clock;
  /** Signs the analytics payload of every GIF the backend hands out (favorites, channels, GIF management). */
  payloads: PayloadSigner;
  /** Receives and processes uploads; absent, uploading is off. */
  uploads?: Uploads | undefined;
  /** Spotify's oEmbed endpoint (artist names); its public address when unset. */
  spotifyOembedUrl?: string | undefined;
  /** The video hosts' oEmbed endpoints, for external video on GIFs (YOUTUBE_OEMBED_URL, VIMEO_OEMBED_URL); the real hosts when unset. */
  videoOembed?: VideoOembedSettings | undefined;
  /** Suggests tags for an upload's frames; absent, prediction is off. */
  predictor?: Predictor | undefined;
}
