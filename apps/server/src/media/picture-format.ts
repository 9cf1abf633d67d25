/** The still-picture formats avatars and channel banners accept, as sharp names them. */
export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const ascii = (b: Uint8Array, at: number, text: string) => text.split('').every((ch, i) => b[at + i] === ch.charCodeAt(0));

/**
 * A picture's format told by its first bytes, never by its name or declared type; undefined for
 * anything else (SVG, TIFF, HEIF, PDF…), which is refused before a decoder sees it. The decoder then
 * picks its loader by the same signature.
 */
export function pictureFormat(bytes: Uint8Array): PictureFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return 'png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  return undefined;
}
