import type { IGif } from './types.ts';

/** Height of a GIF shown `width` pixels wide, keeping its original aspect ratio (0 if unknown). */
export function getGifHeight({ images }: Pick<IGif, 'images'>, width: number): number {
  const original = images.original;
  return original && original.width > 0 ? Math.round((width * original.height) / original.width) : 0;
}

/** Width of a GIF shown `height` pixels high, keeping its original aspect ratio (0 if unknown). */
export function getGifWidth({ images }: Pick<IGif, 'images'>, height: number): number {
  const original = images.original;
  return original && original.height > 0 ? Math.round((height * original.width) / original.height) : 0;
}
