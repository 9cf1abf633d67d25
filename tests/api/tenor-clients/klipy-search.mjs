// A KLIPY v2 caller written the way apps that moved from Tenor to KLIPY call it: plain fetch, the
// gifgrep CLI's search (contentfilter=low and its five-format media_filter, each result normalised by
// a preference order), a picker's featured tray asking for the gif, mp4 and webm families at once,
// "load more" with pos, and registershare when a GIF is sent. Only the base URL comes from outside.
const KLIPY_BASE = process.env.KLIPY_BASE ?? 'https://api.klipy.com/v2';
const KLIPY_API_KEY = process.env.KLIPY_API_KEY;
const query = process.argv[2] ?? 'cats';
const max = 5;

const SEARCH_FORMATS = 'gif,tinygif,mediumgif,nanogif,preview';
const URL_ORDER = ['gif', 'mediumgif', 'tinygif', 'nanogif', 'preview'];
const PREVIEW_ORDER = ['tinygif', 'nanogif', 'preview', 'mediumgif', 'gif'];
const TRAY_FORMATS = 'gif,tinygif,nanogif,tinymp4,preview,nanowebm,nanomp4,webm,tinywebm,mp4,mediumgif,loopedmp4';
const TRAY_GROUPS = {
  gif: ['gif', 'mediumgif', 'tinygif', 'nanogif', 'preview'],
  mp4: ['mp4', 'loopedmp4', 'tinymp4', 'nanomp4'],
  webm: ['webm', 'tinywebm', 'nanowebm'],
};

async function klipy(endpoint, params) {
  const url = `${KLIPY_BASE}/${endpoint}?${new URLSearchParams({ key: KLIPY_API_KEY, ...params })}`;
  const res = await fetch(url);
  const body = await res.json();
  if (!res.ok) throw new Error(`klipy ${endpoint} ${res.status}: ${body.error?.message ?? 'no message'}`);
  return body;
}

function pick(formats, order) {
  const name = order.find((n) => formats[n]?.url);
  return name ? { name, ...formats[name] } : undefined;
}

function normalise(item) {
  const formats = item.media_formats ?? {};
  const full = pick(formats, URL_ORDER);
  const small = pick(formats, PREVIEW_ORDER);
  return {
    id: item.id,
    url: full?.url,
    url_format: full?.name,
    preview_url: small?.url,
    preview_format: small?.name,
    width: full?.dims?.[0] ?? 0,
    height: full?.dims?.[1] ?? 0,
    tags: item.tags ?? [],
  };
}

const search = (pos) =>
  klipy('search', { q: query, limit: String(max), contentfilter: 'low', media_filter: SEARCH_FORMATS, ...(pos ? { pos } : {}) });
const first = await search();
const more = first.next ? await search(first.next) : { results: [] };
const results = first.results.map(normalise);

const tray = await klipy('featured', {
  limit: '6',
  contentfilter: 'low',
  media_filter: TRAY_FORMATS,
  client_key: 'chat_tray',
  country: 'US',
  locale: 'en_US',
});
const trayGroups = Object.fromEntries(
  Object.entries(TRAY_GROUPS).map(([group, names]) => [
    group,
    tray.results.filter((item) => names.some((n) => item.media_formats?.[n])).length,
  ]),
);

const sent = results[0];
const share = await klipy('registershare', { id: sent.id, q: query, client_key: 'chat_tray' });

console.log(
  JSON.stringify({
    first: results.map((r) => r.id),
    second: more.results.map((r) => r.id),
    results,
    formats: [...new Set(first.results.flatMap((r) => Object.keys(r.media_formats)))].sort(),
    tray: { count: tray.results.length, groups: trayGroups },
    shared: sent.id,
    share: share.status,
  }),
);
