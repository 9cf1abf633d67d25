import sharp, { type Sharp } from 'sharp';
import { createRandom } from '../seed/random.ts';

/**
 * A labelled set of safe images drawn here (no file read, no network), for measuring the NSFW
 * classifier: every image is safe by construction, grouped by kind. Skin tones are a kind of their
 * own because flesh-coloured fields are what a nudity classifier is most likely to mistake.
 * Deterministic: the same images every run.
 */
export interface LabelledImage {
  kind: 'flat' | 'gradient' | 'lettering' | 'shapes' | 'chart' | 'noise' | 'skin_tone' | 'cartoon';
  name: string;
  image: () => Sharp;
}

const W = 320;
const H = 240;
const svg =
  (body: string, background = '#fff') =>
  () =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`,
      ),
    );

/** The seed corpus's PRNG, so "random" shapes are the same each run. */
const seeded = (seed: number) => createRandom(seed).next;
const hex = (n: number) =>
  Math.floor(n * 255)
    .toString(16)
    .padStart(2, '0');
const colour = (next: () => number) => `#${hex(next())}${hex(next())}${hex(next())}`;

const FLATS = ['#ffffff', '#000000', '#3399ff', '#33aa33', '#ff3333', '#ffcc00', '#9933ff', '#00cccc'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#f5cba7'];
const WORDS = ['Happy Friday!', 'LOL', 'Thank you', 'Mood', 'Nope', 'Congrats!'];

export function safeSet(): LabelledImage[] {
  const set: LabelledImage[] = [];
  for (const c of FLATS)
    set.push({ kind: 'flat', name: `flat ${c}`, image: () => sharp({ create: { width: W, height: H, channels: 3, background: c } }) });
  for (let i = 0; i < 6; i++) {
    const next = seeded(100 + i);
    set.push({
      kind: 'gradient',
      name: `gradient ${i}`,
      image: svg(
        `<defs><linearGradient id="g" x2="${next().toFixed(2)}" y2="${next().toFixed(2)}"><stop offset="0" stop-color="${colour(next)}"/><stop offset="1" stop-color="${colour(next)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
      ),
    });
  }
  WORDS.forEach((word, i) => {
    set.push({
      kind: 'lettering',
      name: `lettering ${word}`,
      image: svg(
        `<text x="20" y="140" font-size="${36 + i * 4}" font-family="sans-serif" font-weight="bold" fill="${i % 2 ? '#fff' : '#111'}">${word}</text>`,
        i % 2 ? '#223' : '#fff',
      ),
    });
  });
  for (let i = 0; i < 6; i++) {
    const next = seeded(200 + i);
    const shapes = Array.from({ length: 6 }, () =>
      next() < 0.5
        ? `<circle cx="${Math.floor(next() * W)}" cy="${Math.floor(next() * H)}" r="${10 + Math.floor(next() * 60)}" fill="${colour(next)}"/>`
        : `<rect x="${Math.floor(next() * W)}" y="${Math.floor(next() * H)}" width="${20 + Math.floor(next() * 100)}" height="${20 + Math.floor(next() * 100)}" fill="${colour(next)}"/>`,
    ).join('');
    set.push({ kind: 'shapes', name: `shapes ${i}`, image: svg(shapes, colour(next)) });
  }
  for (let i = 0; i < 4; i++) {
    const next = seeded(300 + i);
    const bars = Array.from({ length: 6 }, (_, b) => {
      const h = 20 + Math.floor(next() * 180);
      return `<rect x="${20 + b * 48}" y="${220 - h}" width="36" height="${h}" fill="${colour(next)}"/>`;
    }).join('');
    set.push({ kind: 'chart', name: `chart ${i}`, image: svg(`<line x1="15" y1="220" x2="310" y2="220" stroke="#333"/>${bars}`) });
  }
  for (let i = 0; i < 4; i++) {
    const next = seeded(400 + i);
    const pixels = Buffer.alloc(W * H * 3);
    for (let p = 0; p < pixels.length; p++) pixels[p] = Math.floor(next() * 256);
    set.push({ kind: 'noise', name: `noise ${i}`, image: () => sharp(pixels, { raw: { width: W, height: H, channels: 3 } }) });
  }
  SKIN.forEach((c, i) => {
    set.push({
      kind: 'skin_tone',
      name: `skin field ${c}`,
      image: () => sharp({ create: { width: W, height: H, channels: 3, background: c } }),
    });
    set.push({
      kind: 'skin_tone',
      name: `skin ellipses ${i}`,
      image: svg(
        `<ellipse cx="160" cy="120" rx="${90 + i * 5}" ry="110" fill="${c}"/><ellipse cx="${120 + i * 4}" cy="80" rx="40" ry="30" fill="${SKIN[(i + 2) % SKIN.length]}"/>`,
        SKIN[(i + 3) % SKIN.length],
      ),
    });
  });
  for (let i = 0; i < 6; i++) {
    const next = seeded(500 + i);
    const face = colour(next);
    set.push({
      kind: 'cartoon',
      name: `cartoon face ${i}`,
      image: svg(
        `<circle cx="160" cy="120" r="90" fill="${face}" stroke="#000" stroke-width="4"/><circle cx="125" cy="100" r="12" fill="#000"/><circle cx="195" cy="100" r="12" fill="#000"/><path d="M110 150 Q160 ${170 + Math.floor(next() * 30)} 210 150" stroke="#000" stroke-width="6" fill="none"/>`,
        colour(next),
      ),
    });
  }
  return set;
}
