import { escapeXml } from '../media/svg-text.ts';
import type { Random } from './random.ts';

/** What one procedurally drawn animation looks like; everything needed to redraw it identically. */
export interface ArtSpec {
  width: number;
  height: number;
  frames: number;
  delayMs: number;
  motif: Motif;
  palette: Palette;
  caption: string;
  transparent: boolean;
  /** Fill of the sticker motifs (heart, star, face); emoji variations differ by it. */
  tint?: string;
}

export const MOTIFS = ['orbit', 'bounce', 'pulse', 'spin', 'wave', 'confetti', 'stripes', 'zoom', 'heart', 'star', 'face'] as const;
export type Motif = (typeof MOTIFS)[number];
export const STICKER_MOTIFS: readonly Motif[] = ['heart', 'star', 'face', 'spin', 'bounce', 'zoom'];

export interface Palette {
  name: string;
  bg: [string, string];
  ink: string[];
}

export const PALETTES: readonly Palette[] = [
  { name: 'sunset', bg: ['#ff7e5f', '#feb47b'], ink: ['#2d1e2f', '#fff3b0', '#e09f3e'] },
  { name: 'ocean', bg: ['#1a2980', '#26d0ce'], ink: ['#ffffff', '#ffe66d', '#ff6b6b'] },
  { name: 'mint', bg: ['#a8e6cf', '#dcedc1'], ink: ['#355c7d', '#f67280', '#6c5b7b'] },
  { name: 'neon', bg: ['#0f0c29', '#302b63'], ink: ['#00f5d4', '#f15bb5', '#fee440'] },
  { name: 'peach', bg: ['#ffecd2', '#fcb69f'], ink: ['#6a0572', '#ab83a1', '#1b998b'] },
  { name: 'forest', bg: ['#134e5e', '#71b280'], ink: ['#f4f1de', '#e07a5f', '#f2cc8f'] },
  { name: 'berry', bg: ['#8e2de2', '#4a00e0'], ink: ['#ffd6ff', '#caffbf', '#fdffb6'] },
  { name: 'lemon', bg: ['#f7ff00', '#db36a4'], ink: ['#1d3557', '#ffffff', '#e63946'] },
  { name: 'slate', bg: ['#232526', '#414345'], ink: ['#f72585', '#4cc9f0', '#b5e48c'] },
  { name: 'sky', bg: ['#89f7fe', '#66a6ff'], ink: ['#03045e', '#ff9f1c', '#ffffff'] },
  { name: 'ember', bg: ['#cb2d3e', '#ef473a'], ink: ['#ffeedd', '#2b2d42', '#ffd166'] },
  { name: 'lilac', bg: ['#e0c3fc', '#8ec5fc'], ink: ['#3a0ca3', '#f72585', '#ffffff'] },
];

export function randomArt(
  random: Random,
  opts: { caption: string; transparent: boolean; motif?: Motif; tint?: string; size?: [number, number]; frames?: number },
): ArtSpec {
  const sizes = opts.transparent
    ? [
        [280, 280],
        [260, 300],
        [300, 260],
      ]
    : [
        [400, 224],
        [360, 270],
        [320, 320],
        [270, 360],
        [400, 300],
      ];
  const [width, height] = opts.size ?? (random.pick(sizes) as [number, number]);
  return {
    width,
    height,
    frames: opts.frames ?? 12,
    delayMs: random.pick([70, 90, 110]),
    motif: opts.motif ?? random.pick(opts.transparent ? STICKER_MOTIFS : MOTIFS),
    palette: random.pick(PALETTES),
    caption: opts.caption,
    transparent: opts.transparent,
    ...(opts.tint ? { tint: opts.tint } : {}),
  };
}

/** One SVG holding every frame stacked vertically; frame i shows the loop at phase i / frames. */
export function artSvg(spec: ArtSpec): string {
  const { width: w, height: h, frames } = spec;
  const body: string[] = [];
  for (let i = 0; i < frames; i++) {
    body.push(`<svg x="0" y="${i * h}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${frame(spec, i / frames)}</svg>`);
  }
  const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.palette.bg[0]}"/><stop offset="1" stop-color="${spec.palette.bg[1]}"/></linearGradient></defs>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h * frames}">${defs}${body.join('')}</svg>`;
}

function frame(spec: ArtSpec, t: number): string {
  const { width: w, height: h } = spec;
  const background = spec.transparent ? '' : `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  return background + MOTIF_DRAWERS[spec.motif](spec, t) + caption(spec, t);
}

const TAU = Math.PI * 2;
const f = (n: number): string => n.toFixed(1);
const ink = (spec: ArtSpec, i: number): string => spec.palette.ink[i % spec.palette.ink.length] as string;

type Drawer = (spec: ArtSpec, t: number) => string;

const MOTIF_DRAWERS: Record<Motif, Drawer> = {
  orbit(s, t) {
    const cx = s.width / 2,
      cy = s.height / 2,
      r = Math.min(cx, cy) * 0.6;
    let out = `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.35)}" fill="${ink(s, 1)}"/>`;
    for (let k = 0; k < 5; k++) {
      const a = TAU * (t + k / 5);
      out += `<circle cx="${f(cx + r * Math.cos(a))}" cy="${f(cy + r * Math.sin(a))}" r="${f(r * 0.16)}" fill="${ink(s, k)}"/>`;
    }
    return out;
  },
  bounce(s, t) {
    const y = s.height * 0.8 - Math.abs(Math.sin(Math.PI * t)) * s.height * 0.55;
    const squash = 1 - 0.3 * Math.max(0, 1 - Math.abs(Math.sin(Math.PI * t)) * 4);
    const r = Math.min(s.width, s.height) * 0.12;
    return `<ellipse cx="${f(s.width / 2)}" cy="${f(y)}" rx="${f(r / squash)}" ry="${f(r * squash)}" fill="${ink(s, 2)}" stroke="${ink(s, 0)}" stroke-width="4"/>`;
  },
  pulse(s, t) {
    let out = '';
    const max = Math.hypot(s.width, s.height) / 2;
    for (let k = 0; k < 4; k++) {
      const p = (t + k / 4) % 1;
      out += `<circle cx="${s.width / 2}" cy="${s.height / 2}" r="${f(p * max)}" fill="none" stroke="${ink(s, k)}" stroke-width="${f(14 * (1 - p) + 2)}" opacity="${f(1 - p)}"/>`;
    }
    return out;
  },
  spin(s, t) {
    const cx = s.width / 2,
      cy = s.height / 2,
      r = Math.min(cx, cy) * 0.7;
    return (
      `<g transform="rotate(${f(t * 90)} ${cx} ${cy})"><rect x="${f(cx - r / 2)}" y="${f(cy - r / 2)}" width="${f(r)}" height="${f(r)}" rx="12" fill="${ink(s, 0)}"/></g>` +
      `<g transform="rotate(${f(-t * 90)} ${cx} ${cy})"><rect x="${f(cx - r / 3)}" y="${f(cy - r / 3)}" width="${f((r * 2) / 3)}" height="${f((r * 2) / 3)}" rx="8" fill="${ink(s, 1)}"/></g>`
    );
  },
  wave(s, t) {
    const bars = 12,
      bw = s.width / bars;
    let out = '';
    for (let k = 0; k < bars; k++) {
      const bh = (0.35 + 0.3 * Math.sin(TAU * (t + k / bars))) * s.height;
      out += `<rect x="${f(k * bw + 2)}" y="${f(s.height - bh)}" width="${f(bw - 4)}" height="${f(bh)}" fill="${ink(s, k)}"/>`;
    }
    return out;
  },
  confetti(s, t) {
    let out = '';
    for (let k = 0; k < 18; k++) {
      const x = (((k * 53) % 97) / 97) * s.width;
      const y = ((((k * 29) % 89) / 89 + t) % 1) * (s.height + 20) - 10;
      out += `<rect x="${f(x)}" y="${f(y)}" width="10" height="16" transform="rotate(${f(360 * t + k * 40)} ${f(x + 5)} ${f(y + 8)})" fill="${ink(s, k)}"/>`;
    }
    return out;
  },
  stripes(s, t) {
    const gap = 40;
    let out = '';
    for (let x = -s.height - gap; x < s.width + gap; x += gap) {
      const dx = x + t * gap;
      out += `<polygon points="${f(dx)},0 ${f(dx + gap / 2)},0 ${f(dx + gap / 2 + s.height)},${s.height} ${f(dx + s.height)},${s.height}" fill="${ink(s, 0)}" opacity="0.35"/>`;
    }
    return out;
  },
  zoom(s, t) {
    const scale = 0.6 + 0.4 * Math.sin(Math.PI * t);
    const r = Math.min(s.width, s.height) * 0.35 * scale;
    return `<circle cx="${s.width / 2}" cy="${s.height / 2}" r="${f(r)}" fill="${ink(s, 0)}" stroke="${ink(s, 1)}" stroke-width="6"/>`;
  },
  heart(s, t) {
    const k = ((0.75 + 0.25 * Math.abs(Math.sin(TAU * t))) * Math.min(s.width, s.height)) / 120;
    return `<g transform="translate(${s.width / 2} ${s.height / 2}) scale(${f(k)})"><path d="M0 30 C-60 -10 -30 -55 0 -25 C30 -55 60 -10 0 30Z" fill="${s.tint ?? '#e63946'}" stroke="#ffffff" stroke-width="4"/></g>`;
  },
  star(s, t) {
    const cx = s.width / 2,
      cy = s.height / 2,
      R = Math.min(cx, cy) * 0.8;
    const points = Array.from({ length: 10 }, (_, k) => {
      const a = (k * Math.PI) / 5 - Math.PI / 2;
      const r = k % 2 === 0 ? R : R * 0.45;
      return `${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`;
    }).join(' ');
    return `<g transform="rotate(${f(72 * t)} ${cx} ${cy})"><polygon points="${points}" fill="${s.tint ?? '#ffd166'}" stroke="#ef476f" stroke-width="5"/></g>`;
  },
  face(s, t) {
    const cx = s.width / 2,
      cy = s.height / 2,
      r = Math.min(cx, cy) * 0.75;
    const blink = Math.abs(Math.sin(TAU * t)) < 0.3 ? 0.15 : 1;
    return (
      `<circle cx="${cx}" cy="${cy}" r="${f(r)}" fill="${s.tint ?? '#ffd93d'}" stroke="#333" stroke-width="4"/>` +
      `<ellipse cx="${f(cx - r * 0.35)}" cy="${f(cy - r * 0.2)}" rx="${f(r * 0.1)}" ry="${f(r * 0.15 * blink)}" fill="#333"/>` +
      `<ellipse cx="${f(cx + r * 0.35)}" cy="${f(cy - r * 0.2)}" rx="${f(r * 0.1)}" ry="${f(r * 0.15)}" fill="#333"/>` +
      `<path d="M${f(cx - r * 0.45)} ${f(cy + r * 0.25)} Q${cx} ${f(cy + r * (0.55 + 0.15 * Math.sin(TAU * t)))} ${f(cx + r * 0.45)} ${f(cy + r * 0.25)}" fill="none" stroke="#333" stroke-width="5" stroke-linecap="round"/>`
    );
  },
};

function caption(s: ArtSpec, t: number): string {
  if (!s.caption) return '';
  const size = Math.min(s.width / (s.caption.length * 0.62 + 1), s.height / 4);
  const lift = Math.sin(TAU * t) * 4;
  return `<text x="${s.width / 2}" y="${f(s.height - size * 0.5 + lift)}" font-family="DejaVu Sans" font-weight="bold" font-size="${f(size)}" text-anchor="middle" fill="#ffffff" stroke="#000000" stroke-width="${f(size / 14)}" paint-order="stroke">${escapeXml(s.caption)}</text>`;
}
