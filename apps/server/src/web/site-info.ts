import { PROVIDER_NAME } from '@loopbox/pages';

/**
 * What this instance says about itself on /about (README, "About, apps and studios"): its name and
 * description (SITE_NAME, SITE_DESCRIPTION) and where to write to its team (CONTACT_EMAIL, optional).
 */
export interface SiteInfo {
  name: string;
  description: string;
  contactEmail?: string | undefined;
}

export const SITE_NAME_MAX = 60;
export const SITE_DESCRIPTION_MAX = 500;
export const DEFAULT_SITE_INFO: SiteInfo = {
  name: PROVIDER_NAME,
  description: `A self-hosted ${PROVIDER_NAME}: search, share and discover animated GIFs and stickers, made and served by this server.`,
};
