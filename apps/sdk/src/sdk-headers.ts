import { SDK_HEADER_NAMES, SDK_NAME, SDK_PLATFORM, SDK_VERSION } from './constants.ts';

export type SdkHeaderName = (typeof SDK_HEADER_NAMES)[keyof typeof SDK_HEADER_NAMES];
export type SdkHeaders = Record<SdkHeaderName, string>;

/**
 * The SDK identification headers (platform web, SDK name, SDK version) as a fresh plain object,
 * so the pingback and widget layers can send them too or override a value (e.g. their own name).
 */
export function createSdkHeaders(overrides: Partial<SdkHeaders> = {}): SdkHeaders {
  return {
    [SDK_HEADER_NAMES.platform]: SDK_PLATFORM,
    [SDK_HEADER_NAMES.name]: SDK_NAME,
    [SDK_HEADER_NAMES.version]: SDK_VERSION,
    ...overrides,
  };
}
