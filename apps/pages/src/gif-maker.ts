/**
 * What the GIF maker's page and the server's render share: the edit list's bounds, the caption
 * fonts and animations, and how a caption looks at a moment, so the browser's preview and the
 * rendered GIF agree (apps/server/src/imaging/).
 */
export const EDIT_MAX_CAPTIONS = 3;
export const EDIT_MAX_STICKERS = 5;
export const CAPTION_MAX_CHARS = 80;
/** A caption's size and a sticker's width, as fractions of the frame's height and width. */
export const CAPTION_SIZE = { min: 0.04, max: 0.3 } as const;
export const STICKER_SCALE = { min: 0.05, max: 1 } as const;
export const STICKER_ROTATION_MAX = 180;
/** A trim lasts at least this long and at most this long (seconds). */
export const TRIM_MIN_DURATION_S = 0.1;
export const TRIM_MAX_DURATION_S = 15;
/** Caption fonts by name: each a family the server has (DejaVu), which the preview asks for too. */
export const CAPTION_FONTS = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
} as const;
export type CaptionFont = keyof typeof CAPTION_FONTS;
export const CAPTION_ANIMATIONS = ['none', 'fade', 'pulse', 'typewriter'] as const;
export type CaptionAnimation = (typeof CAPTION_ANIMATIONS)[number];
/** A caption's dark outline, as a share of its size (light text reads on any frame). */
export const CAPTION_OUTLINE = 0.08;
/** Where the baseline sits below a caption's centre, as a share of its size. */
export const CAPTION_BASELINE = 0.35;
/** How much larger than its size a pulsing caption swells. */
export const CAPTION_PULSE = 0.12;

export interface CaptionLook {
  text: string;
  animation: CaptionAnimation;
}

/** How a caption looks at `progress` (0 at the first frame, towards 1 at the last): its text, its scale and its opacity. */
export function captionAt(caption: CaptionLook, progress: number): { text: string; scale: number; opacity: number } {
  switch (caption.animation) {
    case 'fade':
      return { text: caption.text, scale: 1, opacity: Math.min(1, progress / 0.3) };
    case 'pulse':
      return { text: caption.text, scale: 1 + CAPTION_PULSE * Math.sin(2 * Math.PI * 2 * progress), opacity: 1 };
    case 'typewriter': {
      const chars = [...caption.text];
      return { text: chars.slice(0, Math.max(1, Math.ceil(chars.length * Math.min(1, progress / 0.6)))).join(''), scale: 1, opacity: 1 };
    }
    default:
      return { text: caption.text, scale: 1, opacity: 1 };
  }
}

/** The maker's steps, in order; `source` is /create itself, the rest /create/gifmaker/{step}. */
export const CREATE_STEPS = ['source', 'trim', 'caption', 'decorate', 'details'] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];
