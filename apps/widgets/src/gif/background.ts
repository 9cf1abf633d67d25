import { GIF_BACKGROUND_PALETTE } from '../constants.ts';

/** One of the five palette colours, at random (SPEC 4.3). */
export function randomBackground(random: () => number = Math.random): string {
  const index = Math.min(Math.floor(random() * GIF_BACKGROUND_PALETTE.length), GIF_BACKGROUND_PALETTE.length - 1);
  return GIF_BACKGROUND_PALETTE[index]!;
}
