/**
 * Every door a GIF is seen through, with whose eyes it looks: `anyone` (its answers are the same for
 * every caller, so they may be shared and cached: the viewer is anonymous whoever signs in) or
 * `request` (the request's own viewer: the owner sees their private GIF). `status` doors answer one
 * GIF (200, or the policy's 404, 410 or 451); `ids` doors leave out what the viewer may not open;
 * `listing` doors show listed GIFs only. tests/content-policy/matrix.test.ts tries every door for
 * every state and viewer; its probes are typed by this list, so a door cannot be added without one.
 */
export const GIF_DOORS = {
  api_gif: { path: 'GET /v1/gifs/{id}', viewer: 'anyone', kind: 'status' },
  api_gifs_by_ids: { path: 'GET /v1/gifs?ids=', viewer: 'anyone', kind: 'ids' },
  api_associations: { path: 'GET /v1/gifs/{id}/associations', viewer: 'anyone', kind: 'status' },
  api_related: { path: 'GET /v1/gifs/related?gif_id={id}', viewer: 'anyone', kind: 'status' },
  api_search: { path: 'GET /v1/gifs/search', viewer: 'anyone', kind: 'listing' },
  // A result tab's count: listed only when the total counts it.
  api_search_count: { path: 'GET /v1/gifs/search?count_only=true', viewer: 'anyone', kind: 'listing' },
  api_trending: { path: 'GET /v1/gifs/trending', viewer: 'anyone', kind: 'listing' },
  api_tag_search: { path: 'GET /v1/gifs/search/tags', viewer: 'anyone', kind: 'listing' },
  // A category's featured GIF.
  api_categories: { path: 'GET /v1/gifs/categories', viewer: 'anyone', kind: 'listing' },
  api_random: { path: 'GET /v1/gifs/random?tag=', viewer: 'anyone', kind: 'listing' },
  api_translate: { path: 'GET /v1/gifs/translate?s=', viewer: 'anyone', kind: 'listing' },
  // GIPHY Clips: probed with a clip (type video) in the same state.
  api_clip: { path: 'GET /v1/clips/{id}', viewer: 'anyone', kind: 'status' },
  api_clips_by_ids: { path: 'GET /v1/clips?ids=', viewer: 'anyone', kind: 'ids' },
  api_clips_search: { path: 'GET /v1/clips/search', viewer: 'anyone', kind: 'listing' },
  api_clips_search_count: { path: 'GET /v1/clips/search?count_only=true', viewer: 'anyone', kind: 'listing' },
  api_videos_search: { path: 'GET /v1/videos/search', viewer: 'anyone', kind: 'listing' },
  api_videos_search_count: { path: 'GET /v1/videos/search?count_only=true', viewer: 'anyone', kind: 'listing' },
  tenor_posts: { path: 'GET /tenor/v2/posts?ids=', viewer: 'anyone', kind: 'ids' },
  tenor_search: { path: 'GET /tenor/v2/search', viewer: 'anyone', kind: 'listing' },
  tenor_featured: { path: 'GET /tenor/v2/featured', viewer: 'anyone', kind: 'listing' },
  embed: { path: 'GET /embed/{id}', viewer: 'anyone', kind: 'status' },
  oembed: { path: 'GET /oembed?url={GIF page}', viewer: 'anyone', kind: 'status' },
  site_page: { path: 'GET /gifs/{slug-id}', viewer: 'request', kind: 'status' },
  // The site's server-rendered first screens (web/first-screen): a search page's tiles and written-in data.
  site_search_page: { path: 'GET /search/{term}', viewer: 'anyone', kind: 'listing' },
  // The home page's first screen (trending GIFs, category cards), kept for anonymous visitors until a change (first-screen/kept-screens.ts).
  site_home_page: { path: 'GET /', viewer: 'anyone', kind: 'listing' },
  media: { path: 'GET /media/{id}/{file}', viewer: 'request', kind: 'status' },
  ajax_metadata: { path: 'GET /ajax/gifs/metadata?gif_ids=', viewer: 'request', kind: 'ids' },
  ajax_tag_counts: { path: 'GET /ajax/gif/{id}/tag-counts', viewer: 'request', kind: 'status' },
  // Signing in comes first: an anonymous caller is told so (401) before anything about the GIF.
  favorite: { path: 'PUT /api/v1/favorites/{id}/', viewer: 'request', kind: 'status', signedIn: true },
} as const satisfies Record<string, { path: string; viewer: 'anyone' | 'request'; kind: 'status' | 'ids' | 'listing'; signedIn?: true }>;

export type GifDoor = keyof typeof GIF_DOORS;
