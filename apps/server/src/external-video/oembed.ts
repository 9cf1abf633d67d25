import { FieldError } from '../http/envelope.ts';
import type { ExternalMedia } from '../store/schema.ts';
import { OEMBED_TIMEOUT_MS } from './constants.ts';
import type { VideoOembedSettings } from './settings.ts';

/**
 * Checks a video with its host's oEmbed endpoint (SPEC 8) before it is attached: 404 is '{video}
 * was not found', 403 (and YouTube's 401 for a video whose owner turned embedding off) '{video} is
 * not embeddable', both 422; anything else (another status, a redirect, a network failure, a
 * timeout, an answer that is not JSON) a 502 saying the host could not be asked. Each names `field`.
 */
export async function checkEmbeddable(media: ExternalMedia, settings: VideoOembedSettings, field: string): Promise<void> {
  const video = `${media.provider_name} video ${media.asset_uid}`;
  const endpoint = new URL(settings[media.provider_name]);
  endpoint.searchParams.set('url', media.url);
  endpoint.searchParams.set('format', 'json');
  let status: number;
  try {
    const res = await fetch(endpoint, {
      redirect: 'manual',
      signal: AbortSignal.timeout(OEMBED_TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
    status = res.status;
    if (status === 200) {
      await res.json();
      return;
    }
    await res.body?.cancel();
  } catch {
    throw new FieldError(502, field, `${video} could not be fetched from ${media.provider_name}'s oEmbed`);
  }
  if (status === 404) throw new FieldError(422, field, `${video} was not found`);
  if (status === 403 || status === 401) throw new FieldError(422, field, `${video} is not embeddable`);
  throw new FieldError(502, field, `${video} could not be fetched from ${media.provider_name}'s oEmbed (HTTP ${status})`);
}
