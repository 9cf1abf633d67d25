// A Tenor v2 caller written the way Node chat bots call it: axios with a params object.
import axios from 'axios';

const TENOR_API = process.env.TENOR_BASE ?? 'https://tenor.googleapis.com/v2';
const key = process.env.TENOR_KEY;
const term = process.argv[2] ?? 'happy';

async function searchGifs(query, pos) {
  const { data } = await axios.get(`${TENOR_API}/search`, {
    params: {
      q: query,
      key,
      client_key: 'discord_bot',
      limit: 3,
      media_filter: 'gif,tinygif',
      contentfilter: 'medium',
      ...(pos ? { pos } : {}),
    },
  });
  return data;
}

const first = await searchGifs(term);
const second = await searchGifs(term, first.next);
const pick = first.results[0];
const share = await axios.get(`${TENOR_API}/registershare`, { params: { id: pick.id, key, client_key: 'discord_bot', q: term } });
let refused;
try {
  await axios.get(`${TENOR_API}/search`, { params: { q: term, key: 'not-a-real-key' } });
} catch (error) {
  refused = { status: error.response.status, error: error.response.data.error };
}
console.log(
  JSON.stringify({
    first: first.results.map((r) => r.id),
    tiny: first.results.map((r) => r.media_formats.tinygif.url),
    formats: [...new Set(first.results.flatMap((r) => Object.keys(r.media_formats)))],
    second: second.results.map((r) => r.id),
    shared: pick.id,
    share_status: share.status,
    refused,
  }),
);
