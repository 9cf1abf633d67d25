/** A collector URL with the API key: `/v2/pingback?apikey=KEY` (SPEC 7.6). */
export function collectorUrl(url: string, apiKey: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(apiKey)}`;
}
