import { UploadProblem } from './problems.ts';

/** The formats an upload may be, told by content, never by name or declared type. */
export type MediaKind = 'gif' | 'png' | 'apng' | 'webp' | 'mp4' | 'mov' | 'webm';

export const KIND_NAMES: Record<MediaKind, string> = {
  gif: 'a GIF',
  png: 'a PNG image',
  apng: 'an animated PNG',
  webp: 'a WebP image',
  mp4: 'an MP4 video',
  mov: 'a QuickTime (MOV) video',
  webm: 'a WebM video',
};

export const isClip = (kind: MediaKind): boolean => kind === 'mp4' || kind === 'mov' || kind === 'webm';

/** Bytes enough for every signature below (a PNG's acTL chunk sits right after IHDR and maybe a few small chunks). */
export const SNIFF_BYTES = 4096;

const ascii = (b: Uint8Array, at: number, text: string) => text.split('').every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** acTL before the first IDAT makes a PNG an APNG. */
function pngIsAnimated(b: Uint8Array): boolean {
  let at = 8;
  while (at + 8 <= b.length) {
    const length = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
    if (ascii(b, at + 4, 'acTL')) return true;
    if (ascii(b, at + 4, 'IDAT')) return false;
    at += 12 + length;
  }
  return false;
}

/** The format of a file's first bytes, or a refusal naming what it looks like. */
export function sniffKind(head: Uint8Array): MediaKind {
  if (head.length === 0) throw new UploadProblem('empty', 'The file is empty (0 bytes)');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (head[0] === 0x89 && ascii(head, 1, 'PNG\r\n\x1a\n')) return pngIsAnimated(head) ? 'apng' : 'png';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => ascii(head, 4, atom))) return 'mov';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    if (Buffer.from(head.subarray(0, 64)).includes('webm')) return 'webm';
    throw new UploadProblem('unsupported_type', 'The file is a Matroska video; upload WebM, MP4 or MOV');
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    throw new UploadProblem('unsupported_type', 'The file is a JPEG photo; upload a GIF, animated WebP, PNG, MP4, WebM or MOV');
  throw new UploadProblem('unsupported_type', 'The file is not a GIF, WebP, PNG, MP4, WebM or MOV (its content matches none of them)');
}

/** What each file name extension promises. MP4 and MOV share one container, so either name fits either. */
const EXTENSIONS: Record<string, readonly MediaKind[]> = {
  gif: ['gif'],
  png: ['png', 'apng'],
  apng: ['apng', 'png'],
  webp: ['webp'],
  mp4: ['mp4', 'mov'],
  m4v: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  qt: ['mov', 'mp4'],
  webm: ['webm'],
};

/** A name whose extension promises another format than the content is refused; an unknown or missing extension is not checked. */
export function checkExtension(filename: string, kind: MediaKind): void {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  const promised = ext ? EXTENSIONS[ext] : undefined;
  if (!promised || promised.includes(kind)) return;
  throw new UploadProblem('wrong_extension', `The file is named .${ext} but is ${KIND_NAMES[kind]}: its name and content disagree`);
}
