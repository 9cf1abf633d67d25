import { CLASS_WEIGHTS, coverDensity } from './rank-cd.ts';
import type { QueryOperand } from './tsquery.ts';

/** A listed GIF as the index keeps it: what a search filters on, and its search vector as PostgreSQL prints it. */
export interface IndexedGif {
  id: string;
  type: string;
  ratingRank: number;
  /** `gif_search.search::text`: `'cat':1A,4B 'nap':2A`. */
  search: string;
}

export interface IndexFilter {
  types: readonly string[];
  maxRatingRank: number;
}

export interface IndexRanking {
  /** The best `limit` matches, by rank (as ts_rank_cd gives it, a float4), then id. */
  ids: string[];
  /** Every match that passes the filter. */
  total: number;
}

const WEIGHT_CLASS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const LEXEME = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/** A typed array that doubles when full. */
class Growable<T extends Uint8Array | Uint16Array | Uint32Array> {
  length = 0;
  constructor(
    public items: T,
    private readonly make: (size: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.items.length) {
      const bigger = this.make(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = value;
  }
}

/**
 * Listed GIFs' search vectors in memory, ranked as the SQL path ranks them (`ts_rank_cd`, ties by
 * id). A GIF changed is added again under a new number and its old one retired, so the postings
 * only grow; `put` and `remove` are all a change needs.
 */
export class SearchIndex {
  private readonly ids: string[] = [];
  private readonly live = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  private readonly types = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  private readonly ratings = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  /** Doc d's positions are entries docStart[d] to docStart[d + 1]: a lexeme number and position << 2 | weight class. */
  private readonly docStart = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly lexemeOf = new Growable(new Uint32Array(4096), (n) => new Uint32Array(n));
  private readonly positionOf = new Growable(new Uint16Array(4096), (n) => new Uint16Array(n));
  private readonly docOf = new Map<string, number>();
  private readonly typeCodes: string[] = [];
  private readonly lexemes: string[] = [];
  private readonly lexemeNumbers = new Map<string, number>();
  private readonly postings: number[][] = [];
  /** Lexeme numbers in lexeme order, for prefixes: sorted at the first prefix search. */
  private sortedLexemes: number[] | null = null;
  /** Docs below this number were added in id order, so their numbers compare as their ids do. */
  private inIdOrder = 0;
  private lastId = '';

  constructor() {
    this.docStart.push(0);
  }

  get size(): number {
    return this.docOf.size;
  }

  /** Adds a GIF, or replaces what the index held for its id. */
  put(gif: IndexedGif): void {
    this.remove(gif.id);
    const doc = this.ids.length;
    if (doc === this.inIdOrder && gif.id > this.lastId) {
      this.inIdOrder++;
      this.lastId = gif.id;
    }
    this.ids.push(gif.id);
    this.docOf.set(gif.id, doc);
    this.live.push(1);
    let type = this.typeCodes.indexOf(gif.type);
    if (type < 0) type = this.typeCodes.push(gif.type) - 1;
    this.types.push(type);
    this.ratings.push(gif.ratingRank);
    for (const m of gif.search.matchAll(LEXEME)) {
      const lexeme = m[1]!.replace(/''/g, "'");
      let number = this.lexemeNumbers.get(lexeme);
      if (number === undefined) {
        number = this.lexemes.push(lexeme) - 1;
        this.lexemeNumbers.set(lexeme, number);
        this.postings.push([]);
        // Once sorted, a new lexeme is put in its place rather than the lexicon sorted again.
        this.sortedLexemes?.splice(this.firstAtOrAfter(lexeme), 0, number);
      }
      this.postings[number]!.push(doc);
      for (const position of (m[2] ?? '1').split(',')) {
        const weight = WEIGHT_CLASS[position.at(-1)!];
        this.lexemeOf.push(number);
        this.positionOf.push((Number.parseInt(position, 10) << 2) | (weight ?? 0));
      }
    }
    this.docStart.push(this.lexemeOf.length);
  }

  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.live.items[doc] = 0;
    this.docOf.delete(id);
  }

  /** The lexeme numbers an operand matches: its lexeme, or every lexeme it begins. */
  private matching(operand: QueryOperand): number[] {
    if (!operand.prefix) {
      const number = this.lexemeNumbers.get(operand.lexeme);
      return number === undefined ? [] : [number];
    }
    const lexemes = this.lexemes;
    const sorted = this.sorted();
    const out: number[] = [];
    for (let i = this.firstAtOrAfter(operand.lexeme); i < sorted.length && lexemes[sorted[i]!]!.startsWith(operand.lexeme); i++)
      out.push(sorted[i]!);
    return out;
  }

  private sorted(): number[] {
    const lexemes = this.lexemes;
    this.sortedLexemes ??= lexemes.map((_, i) => i).sort((a, b) => (lexemes[a]! < lexemes[b]! ? -1 : 1));
    return this.sortedLexemes;
  }

  /** Where `lexeme` is, or would be, in the sorted lexicon. */
  private firstAtOrAfter(lexeme: string): number {
    const sorted = this.sorted();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lexemes[sorted[mid]!]! < lexeme) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Live docs holding any of these lexemes, ascending. */
  private docsWith(lexemes: number[]): number[] {
    const docs: number[] = [];
    for (const lexeme of lexemes) for (const doc of this.postings[lexeme]!) if (this.live.items[doc]) docs.push(doc);
    if (lexemes.length > 1) {
      docs.sort((a, b) => a - b);
      let kept = 0;
      for (let i = 0; i < docs.length; i++) if (i === 0 || docs[i] !== docs[i - 1]) docs[kept++] = docs[i]!;
      docs.length = kept;
    }
    return docs;
  }

  /** The GIFs matching every operand that pass the filter: the best `limit` ranked, and how many there are. */
  search(operands: readonly QueryOperand[], filter: IndexFilter, limit: number): IndexRanking {
    if (operands.length === 0) return { ids: [], total: 0 };
    const matched = operands.map((operand) => this.matching(operand));
    // Intersected from the smallest: each further set only narrows a sorted list.
    const sets = matched.map((lexemes) => this.docsWith(lexemes)).sort((a, b) => a.length - b.length);
    let docs = sets[0]!;
    for (const other of sets.slice(1)) {
      let j = 0;
      docs = docs.filter((doc) => {
        while (j < other.length && other[j]! < doc) j++;
        return other[j] === doc;
      });
    }
    const maskOf = new Map<number, number>();
    matched.forEach((lexemes, i) => {
      for (const lexeme of lexemes) maskOf.set(lexeme, (maskOf.get(lexeme) ?? 0) | (1 << i));
    });
    const types = new Set(filter.types.map((type) => this.typeCodes.indexOf(type)));
    const kept = new Int32Array(docs.length);
    const ranks = new Float32Array(docs.length);
    let total = 0;
    for (const doc of docs) {
      if (!types.has(this.types.items[doc]!) || this.ratings.items[doc]! > filter.maxRatingRank) continue;
      kept[total] = doc;
      ranks[total] = this.rank(doc, maskOf, (1 << operands.length) - 1);
      total++;
    }
    // Only the best `limit` are ordered: those at or above the limit-th best rank.
    let order = Array.from({ length: total }, (_, i) => i);
    if (total > limit) {
      const threshold = ranks.slice(0, total).sort()[total - limit]!;
      order = order.filter((i) => ranks[i]! >= threshold);
    }
    order.sort((a, b) => ranks[b]! - ranks[a]! || this.compareIds(kept[a]!, kept[b]!));
    if (order.length > limit) order.length = limit;
    return { ids: order.map((i) => this.ids[kept[i]!]!), total };
  }

  private compareIds(a: number, b: number): number {
    if (a < this.inIdOrder && b < this.inIdOrder) return a - b;
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** ts_rank_cd of one doc: its positions that match an operand, sorted, merged per position. */
  private rank(doc: number, maskOf: Map<number, number>, all: number): number {
    const from = this.docStart.items[doc]!;
    const to = this.docStart.items[doc + 1]!;
    const lexemeOf = this.lexemeOf.items;
    const positionOf = this.positionOf.items;
    if (all === 1) {
      // One operand: each matching position is a cover of its own, worth its class's weight.
      let rank = 0;
      for (let i = from; i < to; i++) if (maskOf.has(lexemeOf[i]!)) rank += CLASS_WEIGHTS[positionOf[i]! & 3]!;
      return rank;
    }
    const items: number[] = [];
    for (let i = from; i < to; i++) {
      const mask = maskOf.get(lexemeOf[i]!);
      // Position, class and mask in one number (positions < 2^14, masks < 2^16): sorts by position.
      if (mask) items.push(positionOf[i]! * 65536 + mask);
    }
    items.sort((a, b) => a - b);
    const positions: number[] = [];
    const classes: number[] = [];
    const masks: number[] = [];
    for (const item of items) {
      const packed = Math.floor(item / 65536);
      const mask = item % 65536;
      if (positions.length > 0 && positions.at(-1) === packed >> 2) masks[masks.length - 1]! |= mask;
      else {
        positions.push(packed >> 2);
        classes.push(packed & 3);
        masks.push(mask);
      }
    }
    return coverDensity(positions, classes, masks, all);
  }
}
