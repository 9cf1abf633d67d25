/** Mobile by user-agent pattern (SPEC 5). */
export function isMobileUserAgent(userAgent: string, pattern: RegExp): boolean {
  return pattern.test(userAgent);
}
