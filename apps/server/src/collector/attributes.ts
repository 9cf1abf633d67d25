import { z } from 'zod';
import { LAYOUT_TYPES, MAX_ATTRIBUTE_LENGTH } from './constants.ts';

/** Where the tile was on the page, as stored. */
export interface Position {
  x: number;
  y: number;
  width: number;
  height: number;
}

const LAYOUTS: ReadonlySet<string> = new Set(LAYOUT_TYPES);
const LAYOUT_ERROR = `layout_type must be one of ${LAYOUT_TYPES.join(', ')} (nested ones comma-joined)`;
const POSITION_ERROR = 'position must be a rectangle {x, y, width, height}, or one as a JSON string';

const finite = z.number().finite();
// GIPHY's components send a client rect (also left, top, right, bottom); only the four stored fields are read.
const rect = z.object({ x: finite, y: finite, width: finite.min(0), height: finite.min(0) }, { error: POSITION_ERROR });
const toPosition = ({ x, y, width, height }: z.infer<typeof rect>): Position => ({ x, y, width, height });

/** A rectangle object, or the JSON string of one that GIPHY's widgets send (`JSON.stringify(getClientRect(el))`). */
const position = z.union(
  [
    rect.transform(toPosition),
    z
      .string()
      .max(MAX_ATTRIBUTE_LENGTH, POSITION_ERROR)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: POSITION_ERROR });
          return z.NEVER;
        }
      })
      .pipe(rect.transform(toPosition)),
  ],
  { error: POSITION_ERROR },
);

/** The layout stack as stored: the innermost layout (the one that drew the tile) and those around it. */
export function splitLayouts(value: string): { layout_type: string; layout_context?: string } | null {
  const layouts = value.split(',').map((part) => part.trim());
  if (layouts.length > LAYOUT_TYPES.length || !layouts.every((layout) => LAYOUTS.has(layout))) return null;
  const inner = layouts.pop()!;
  return layouts.length > 0 ? { layout_type: inner, layout_context: layouts.join(',') } : { layout_type: inner };
}

const layoutType = z
  .string({ error: LAYOUT_ERROR })
  .max(MAX_ATTRIBUTE_LENGTH, LAYOUT_ERROR)
  .transform((value, ctx) => {
    const layouts = splitLayouts(value);
    if (!layouts) {
      ctx.addIssue({ code: 'custom', message: LAYOUT_ERROR });
      return z.NEVER;
    }
    return layouts;
  });

const anyAttribute = z.union(
  [z.string().max(MAX_ATTRIBUTE_LENGTH, `attributes must be at most ${MAX_ATTRIBUTE_LENGTH} characters each`), finite, z.boolean()],
  {
    error: `attributes must be strings of at most ${MAX_ATTRIBUTE_LENGTH} characters, numbers or booleans`,
  },
);

/**
 * A pingback's attributes, normalised: position always an object, the layout stack split into
 * `layout_type` (innermost) and `layout_context` (outer ones, comma-joined), so analytics split by
 * layout the same whichever client sent them.
 */
export const Attributes = z
  .object({ layout_type: layoutType.optional(), position: position.optional() })
  .catchall(anyAttribute)
  .transform(({ layout_type, ...rest }) => ({ ...rest, ...(layout_type ?? {}) }));
export type Attributes = z.output<typeof Attributes>;
