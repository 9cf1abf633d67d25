/** A labelled list of the search box's suggestions. */
export interface SuggestionGroup {
  kind: 'completions' | 'recent' | 'trending';
  label: string;
  terms: string[];
}

/**
 * What the search box offers: tag completions while something is typed; otherwise the visitor's
 * recent searches, then trending searches not already among them.
 */
export function suggestionGroups(input: {
  prefix: string;
  completions: string[];
  recent: string[];
  trending: string[];
}): SuggestionGroup[] {
  if (input.prefix) return input.completions.length ? [{ kind: 'completions', label: 'Tags', terms: input.completions }] : [];
  const groups: SuggestionGroup[] = [];
  if (input.recent.length) groups.push({ kind: 'recent', label: 'Recent searches', terms: input.recent });
  const recent = new Set(input.recent.map((t) => t.toLowerCase()));
  const trending = input.trending.filter((t) => !recent.has(t.toLowerCase()));
  if (trending.length) groups.push({ kind: 'trending', label: 'Trending searches', terms: trending });
  return groups;
}

/**
 * The active suggestion after an arrow key: -1 is the input itself, so moving past either end
 * returns to what was typed (as a native datalist does).
 */
export function nextActive(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
