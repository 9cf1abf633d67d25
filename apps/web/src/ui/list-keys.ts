/**
 * React keys for a list whose items may repeat (the same GIF twice in a story): each item's own id,
 * and for its later occurrences the id with the occurrence number (`a`, `b`, `a#2`). An item keeps its
 * key when others move, so its element moves with it.
 */
export function occurrenceKeys<T>(items: readonly T[], idOf: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const id = idOf(item);
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id}#${count}`;
  });
}
