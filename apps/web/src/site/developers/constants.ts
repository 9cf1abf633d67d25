/** The developer dashboard's choices (the server holds the bounds: developers/constants.ts). */
export const PLATFORM_LABELS = { web: 'Web', ios: 'iOS', android: 'Android', other: 'Other' } as const;
/** Grace periods offered when rotating a key, in seconds (the server allows 0 to 7 days). */
export const GRACE_CHOICES = [
  { seconds: 0, label: 'None: the old key stops now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
] as const;
export const USAGE_DAYS = 14;
/** How often the page reads the usage again while open. */
export const USAGE_REFRESH_MS = 10_000;
