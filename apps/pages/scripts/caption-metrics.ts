/**
 * Prints caption-metrics.ts's table: the advance width of each Latin-1 character in the caption
 * fonts (DejaVu bold, as the server draws captions), in thousandths of an em, read from the fonts'
 * hmtx and cmap (format 4) tables. Run: node --import tsx apps/pages/scripts/caption-metrics.ts
 */
import { readFileSync } from 'node:fs';

const FONTS = { sans: 'DejaVuSans-Bold.ttf', serif: 'DejaVuSerif-Bold.ttf', mono: 'DejaVuSansMono-Bold.ttf' };
const DIR = '/usr/share/fonts/truetype/dejavu/';
const FIRST = 0x20;
const LAST = 0xff;

function tables(font: Buffer): Map<string, number> {
  const count = font.readUInt16BE(4);
  const found = new Map<string, number>();
  for (let i = 0; i < count; i++) found.set(font.toString('latin1', 12 + i * 16, 16 + i * 16), font.readUInt32BE(20 + i * 16));
  return found;
}

function glyphOf(font: Buffer, cmap: number, code: number): number {
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    if (platform !== 3 || encoding !== 1 || font.readUInt16BE(at) !== 4) continue;
    const segments = font.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      if (code > font.readUInt16BE(ends + s * 2)) continue;
      const start = font.readUInt16BE(starts + s * 2);
      if (code < start) return 0;
      const delta = font.readInt16BE(deltas + s * 2);
      const offset = font.readUInt16BE(offsets + s * 2);
      if (offset === 0) return (code + delta) & 0xffff;
      const glyph = font.readUInt16BE(offsets + s * 2 + offset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
  }
  return 0;
}

for (const [name, file] of Object.entries(FONTS)) {
  const font = readFileSync(DIR + file);
  const t = tables(font);
  const unitsPerEm = font.readUInt16BE(t.get('head')! + 18);
  const metrics = font.readUInt16BE(t.get('hhea')! + 34);
  const hmtx = t.get('hmtx')!;
  const widths: number[] = [];
  for (let code = FIRST; code <= LAST; code++) {
    const glyph = glyphOf(font, t.get('cmap')!, code);
    const advance = font.readUInt16BE(hmtx + Math.min(glyph, metrics - 1) * 4);
    widths.push(glyph === 0 ? 0 : Math.ceil((advance * 1000) / unitsPerEm));
  }
  console.log(`  ${name}: '${widths.map((w) => w.toString(36).padStart(2, '0')).join('')}',`);
}
