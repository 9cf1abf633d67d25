import type { AuthDeps } from '../auth/context.ts';
import type { Clock } from '../jobs/clock.ts';
import type { VideoOembedSettings } from '../external-video/settings.ts';
import type { SearchLog } from '../analytics/search-log.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { Uploads } from '../uploads/service.ts';
import type { Predictor } from '../tag-prediction/predictor.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import type { MediaStore } from '../media-store/media-store.ts';

/** What the own backend's routes need. */
export interface BackendDeps extends AuthDeps {
  mediaDir: string;
  /** Where avatars and channel pictures are stored (media-store/). */
  mediaStore: MediaStore;
  /** Where GIF renditions are named (MEDIA_PUBLIC_URL); unset, this server's `/media`. */
  mediaPublicUrl?: string | undefined;
  /** Called after a commit queued mail (main.ts wakes the mail sender with it). */
  onMailQueued?: () => void;
  /** The origin of every link in a mail (PUBLIC_URL, else where the server listens): never a request header. */
  linkOrigin: LinkOrigin;
  /** Whether mail leaves by SMTP; without it the outbox page is how a self-hoster reads it. */
  smtpConfigured: boolean;
  searchLog?: SearchLog | undefined;
  /** What a search term needs to show in trending searches (TRENDING_* settings). */
  trendingRules: TrendingSearchRules;
  /** What time it is for keys' grace periods (jobs/clock.ts). */
  clock: Clock;
  /** Called after a commit queued a job (the platform wakes the job runner with it). */
  onJobQueued?: () => void;
  /** Signs the analytics payload of every GIF the backend hands out (favorites). */
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
