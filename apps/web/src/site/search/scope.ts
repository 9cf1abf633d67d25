/** The `@channel term` and `@user term` forms: the name a search is scoped to, and the rest of the term. */
export function scopeOf(term: string): { name: string; rest: string } | undefined {
  const match = /^@([A-Za-z0-9_-]{1,60})(?:\s+(.*))?$/s.exec(term.trim());
  return match ? { name: match[1]!, rest: (match[2] ?? '').trim() } : undefined;
}
