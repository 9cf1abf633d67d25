/** The one rule for text from outside, named once (issue 13: one boundary rule for text). */

/** Longest value any query or path parameter may have before anything else looks at it (100 ids of 40 characters fit). */
export const MAX_PARAM_CHARS = 5_000;
/** Query parameters that hold free text (search terms, messages, tags): normalised instead of refused. */
export const FREE_TEXT_PARAMS: ReadonlySet<string> = new Set(['q', 'm', 'tag', 's']);
/** Values GIPHY's own clients send for an option they left unset (`String(undefined)`): the parameter is absent. */
export const ABSENT_VALUES: ReadonlySet<string> = new Set(['', 'undefined', 'null']);
/** Deepest nesting a JSON body may have (no API body needs more than a few levels). */
export const MAX_JSON_DEPTH = 16;
