/**
 * Example answers the API reference shows for the GIPHY routes added beside GIPHY's SDK calls
 * (openapi/document.ts puts them under each route's success answer). Shortened: a real GIF object
 * carries every field and rendition of GET /v1/gifs/{id}.
 */
const ORIGIN = 'https://gifs.example';
const META = { status: 200, msg: 'OK', response_id: '5f2b0c9e1d7a4b3c8e6f0a1b2c3d4e5f60718293' };
const PAYLOAD = 'e=Z2lmX2lkPWFiYzEyMyZldmVudF90eXBlPUdJRl9UUkFOU0xBVEU';
const analytics = (payload: string) => {
  const base = `${ORIGIN}/v2/pingback_simple?analytics_response_payload=${encodeURIComponent(payload)}&action_type=`;
  return { onload: { url: `${base}SEEN` }, onclick: { url: `${base}CLICK` }, onsent: { url: `${base}SENT` } };
};
const rendition = (file: string, width: number, height: number) => ({
  height: String(height),
  width: String(width),
  url: `${ORIGIN}/media/abc123/${file}`,
});

const GIF = {
  type: 'gif',
  id: 'abc123',
  url: `${ORIGIN}/gifs/happy-cat-abc123`,
  title: 'Happy Cat GIF',
  rating: 'g',
  images: { original: rendition('giphy.gif', 480, 360), fixed_width: rendition('200w.gif', 200, 150) },
  analytics_response_payload: PAYLOAD,
  analytics: analytics(PAYLOAD),
};

const CLIP = {
  ...GIF,
  type: 'video',
  id: 'clip456',
  url: `${ORIGIN}/gifs/cheering-crowd-clip456`,
  title: 'Cheering Crowd',
  video: {
    duration: 4.2,
    assets: { '360p': { url: `${ORIGIN}/media/clip456/video.mp4`, width: '640', height: '360' } },
    captions: [],
    description: 'Cheering Crowd',
  },
};

export const EXAMPLES = {
  randomId: { data: { random_id: '3f9a1c0b7d2e4f5a8b6c9d0e1f2a3b4c' }, meta: META },
  translate: { data: GIF, meta: META },
  clipList: { data: [CLIP], pagination: { total_count: 12, count: 1, offset: 0 }, meta: META },
  clip: { data: CLIP, meta: META },
  simplePingback: { data: { accepted: 1, duplicates: 0, rejected: [] }, meta: META },
};
