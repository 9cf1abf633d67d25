// A GIPHY API caller written the way chat apps and keyboards call it: plain fetch, a query string
// built with URLSearchParams, a random_id asked for once and sent on every call, the phrase the user
// typed translated to one GIF, a clips tab, and the analytics URLs fired as GIPHY's docs ask.
const GIPHY_API = process.env.GIPHY_BASE ?? 'https://api.giphy.com/v1';
const apiKey = process.env.GIPHY_KEY;
const phrase = process.argv[2] ?? 'cat';

async function giphy(path, params = {}) {
  const query = new URLSearchParams({ api_key: apiKey, ...params });
  const res = await fetch(`${GIPHY_API}/${path}?${query}`);
  const body = await res.json();
  if (!res.ok) return { status: res.status, msg: body.meta?.msg };
  return body;
}

const {
  data: { random_id },
} = await giphy('randomid');
const grid = await giphy('gifs/search', {
  q: phrase,
  limit: '6',
  rating: 'pg-13',
  lang: 'en',
  random_id,
  bundle: 'messaging_non_clips',
  country_code: 'US',
});
const shown = grid.data[0];
// GIPHY: call onload once when the GIF is visible, adding random_id and ts.
const seen = await fetch(`${shown.analytics.onload.url}&random_id=${random_id}&ts=${Date.now()}`);
const translated = await giphy('gifs/translate', { s: phrase, weirdness: '3', random_id });
const clips = await giphy('clips/trending', { limit: '3', random_id, bundle: 'clips_grid_picker' });
const clip = await giphy(`clips/${clips.data[0].id}`, { random_id });
const found = await giphy('clips/search', { q: phrase, random_id });
const slim = await giphy('gifs/trending', { limit: '2', fields: 'id,images.fixed_width', random_id });
const nothing = await giphy('gifs/translate', { s: 'qqzzxnothingmatchesthis' });
const tooWeird = await giphy('gifs/translate', { s: phrase, weirdness: '42' });

console.log(
  JSON.stringify({
    random_id,
    grid: grid.data.map((g) => g.id),
    renditions: [...new Set(grid.data.flatMap((g) => Object.keys(g.images)))],
    seen_status: seen.status,
    translated: translated.data.id,
    clips: clips.data.map((c) => ({ id: c.id, type: c.type, assets: Object.keys(c.video.assets) })),
    clip: { id: clip.data.id, mp4: Object.values(clip.data.video.assets)[0].url },
    clip_search_count: found.pagination.count,
    slim: slim.data,
    nothing,
    too_weird: tooWeird,
  }),
);
