import { z } from 'zod';
import { parseRanges } from '../uploads/fetch-url.ts';

/** Where a trim's `media_url` may point besides this server's own media. */
export interface ImagingSettings {
  /** Host names whose media may be fetched (IMAGING_MEDIA_HOSTS, comma-separated); none by default. */
  mediaHosts: readonly string[];
  /** Address ranges (CIDR) those hosts may resolve to although not public (IMAGING_URL_ALLOW; tests only). */
  urlAllow: readonly string[];
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const Env = z.object({
  IMAGING_MEDIA_HOSTS: z
    .string()
    .default('')
    .transform((text) => list(text).map((host) => host.toLowerCase()))
    .refine(
      (hosts) => hosts.every((host) => /^[a-z0-9.-]{1,253}$/.test(host)),
      'IMAGING_MEDIA_HOSTS must be host names separated by commas',
    ),
  IMAGING_URL_ALLOW: z.string().default(''),
});

/** The imaging settings from the environment; a bad value stops the start with its name. */
export function imagingSettingsFrom(env: Readonly<Record<string, string | undefined>>): ImagingSettings {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`Imaging settings: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const urlAllow = list(parsed.data.IMAGING_URL_ALLOW);
  parseRanges(urlAllow); // throws naming a value that is not a range
  return { mediaHosts: parsed.data.IMAGING_MEDIA_HOSTS, urlAllow };
}
