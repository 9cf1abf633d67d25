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
/**
 * A posting is one number: its doc × POSTING_SPAN plus how many positions of each weight class
 * (D lowest) the lexeme has there, COUNT_BITS each, so a one-operand search ranks from the postings
 * alone. A count at COUNT_MAX is not kept: that doc is ranked from its positions.
 */
const COUNT_BITS = 6;
const COUNT_MAX = (1 << COUNT_BITS) - 1;
const POSTING_SPAN = 2 ** (4 * COUNT_BITS);
/** A doc's byte: live (bit 0), its rating rank (bits 1–2), its type's code (bits 3–7), so a filter is one read. */
const RATING_SHIFT = 1;
const TYPE_SHIFT = 3;
const MAX_TYPES = 32;
/** Ordering by one numeric key (rank's float4 bits, then doc number) needs doc numbers below this. */
const KEY_DOCS = 2 ** 21;

/** ts_rank_cd of one operand from its positions' counts per class: each position is a cover of its own, worth its class's weight. */
function oneOperandRank(d: number, c: number, b: number, a: number): number {
  return d * CLASS_WEIGHTS[0] + c * CLASS_WEIGHTS[1] + b * CLASS_WEIGHTS[2] + a * CLASS_WEIGHTS[3];
}

const field = (counts: number, weightClass: number) => (counts >>> (weightClass * COUNT_BITS)) & COUNT_MAX;
const postingDoc = (posting: number) => Math.floor(posting / POSTING_SPAN);

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
  private readonly meta = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  /** Doc d's positions are entries docStart[d] to docStart[d + 1]: a lexeme number and position << 2 | weight class. */
  private readonly docStart = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly lexemeOf = new Growable(new Uint32Array(4096), (n) => new Uint32Array(n));
  private readonly positionOf = new Growable(new Uint16Array(4096), (n) => new Uint16Array(n));
  private readonly docOf = new Map<string, number>();
  private readonly typeCodes: string[] = [];
  private readonly lexemes: string[] = [];
  private readonly lexemeNumbers = new Map<string, number>();
  /** Per lexeme, its postings (doc and class counts, POSTING_SPAN) in doc order. */
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
    let type = this.typeCodes.indexOf(gif.type);
    if (type < 0) {
      if (this.typeCodes.length === MAX_TYPES) throw new Error(`the search index holds at most ${MAX_TYPES} GIF types`);
      type = this.typeCodes.push(gif.type) - 1;
    }
    this.meta.push(1 | (gif.ratingRank << RATING_SHIFT) | (type << TYPE_SHIFT));
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
      let counts = 0;
      for (const position of (m[2] ?? '1').split(',')) {
        const weight = WEIGHT_CLASS[position.at(-1)!] ?? 0;
        this.lexemeOf.push(number);
        this.positionOf.push((Number.parseInt(position, 10) << 2) | weight);
        if (field(counts, weight) < COUNT_MAX) counts += 1 << (weight * COUNT_BITS);
      }
      this.postings[number]!.push(doc * POSTING_SPAN + counts);
    }
    this.docStart.push(this.lexemeOf.length);
  }

  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.meta.items[doc]! &= ~1;
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
    for (const lexeme of lexemes)
      for (const posting of this.postings[lexeme]!) {
        const doc = postingDoc(posting);
        if (this.meta.items[doc]! & 1) docs.push(doc);
      }
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
    const passes = this.passing(filter);
    const { kept, ranks } = matched.length === 1 ? this.rankedOne(matched[0]!, passes) : this.rankedAll(matched, passes);
    return { ids: this.best(kept, ranks, limit), total: kept.length };
  }

  /** Which doc bytes (`meta`) pass the filter: live, of a type asked for, no more mature than asked. */
  private passing(filter: IndexFilter): Uint8Array {
    const passes = new Uint8Array(256);
    for (const type of filter.types) {
      const code = this.typeCodes.indexOf(type);
      if (code < 0) continue;
      for (let rating = 0; rating <= Math.min(filter.maxRatingRank, 3); rating++)
        passes[1 | (rating << RATING_SHIFT) | (code << TYPE_SHIFT)] = 1;
    }
    return passes;
  }

  /** One operand: each doc ranked from its postings' class counts, no positions read. */
  private rankedOne(lexemes: number[], passes: Uint8Array): { kept: number[]; ranks: number[] } {
    const meta = this.meta.items;
    // A prefix may match several lexemes: their postings sorted together put a doc's side by side.
    let postings: ArrayLike<number> = this.postings[lexemes[0]!] ?? [];
    if (lexemes.length > 1) postings = Float64Array.from(lexemes.flatMap((lexeme) => this.postings[lexeme]!)).sort();
    const kept: number[] = [];
    const ranks: number[] = [];
    let maskOf: Map<number, number> | undefined;
    for (let i = 0; i < postings.length; ) {
      const doc = postingDoc(postings[i]!);
      let d = 0;
      let c = 0;
      let b = 0;
      let a = 0;
      for (; i < postings.length && postingDoc(postings[i]!) === doc; i++) {
        const counts = postings[i]! - doc * POSTING_SPAN;
        d += field(counts, 0);
        c += field(counts, 1);
        b += field(counts, 2);
        a += field(counts, 3);
      }
      if (!passes[meta[doc]!]) continue;
      let rank = oneOperandRank(d, c, b, a);
      if (Math.max(d, c, b, a) >= COUNT_MAX) {
        // A count the postings did not keep: this doc is ranked from its positions.
        maskOf ??= new Map(lexemes.map((lexeme) => [lexeme, 1]));
        rank = this.rank(doc, maskOf, 1);
      }
      kept.push(doc);
      ranks.push(Math.fround(rank));
    }
    return { kept, ranks };
  }

  /** Several operands: the docs holding every one, each ranked from its positions (covers). */
  private rankedAll(matched: number[][], passes: Uint8Array): { kept: number[]; ranks: number[] } {
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
    const all = (1 << matched.length) - 1;
    const meta = this.meta.items;
    const kept = docs.filter((doc) => passes[meta[doc]!]);
    return { kept, ranks: kept.map((doc) => Math.fround(this.rank(doc, maskOf, all))) };
  }

  /** The ids of the best `limit` docs: by rank, then id. Only those at or above the limit-th best rank are ordered. */
  private best(kept: number[], ranks: number[], limit: number): string[] {
    const threshold = kept.length > limit ? Float32Array.from(ranks).sort()[kept.length - limit]! : -1;
    const order: number[] = [];
    let byNumber = true;
    for (let i = 0; i < kept.length; i++) {
      if (ranks[i]! < threshold) continue;
      order.push(i);
      byNumber &&= kept[i]! < this.inIdOrder && kept[i]! < KEY_DOCS;
    }
    if (byNumber) {
      // Numbers compare as ids: one numeric key per doc, sorted natively (a float4 rank's bits order as it does).
      const bits = new Uint32Array(order.length);
      const asFloat4 = new Float32Array(bits.buffer);
      for (let n = 0; n < order.length; n++) asFloat4[n] = ranks[order[n]!]!;
      const keys = new Float64Array(order.length);
      for (let n = 0; n < order.length; n++) keys[n] = (0xffffffff - bits[n]!) * KEY_DOCS + kept[order[n]!]!;
      keys.sort();
      const ids: string[] = [];
      for (let n = 0; n < keys.length && n < limit; n++) ids.push(this.ids[keys[n]! - Math.floor(keys[n]! / KEY_DOCS) * KEY_DOCS]!);
      return ids;
    }
    order.sort((a, b) => ranks[b]! - ranks[a]! || this.compareIds(kept[a]!, kept[b]!));
    if (order.length > limit) order.length = limit;
    return order.map((i) => this.ids[kept[i]!]!);
  }

  private compareIds(a: number, b: number): number {
    if (a < this.inIdOrder && b < this.inIdOrder) return a - b;
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** ts_rank_cd of one doc (a double; the caller rounds it to a float4): its positions that match an operand, sorted, merged per position. */
  private rank(doc: number, maskOf: Map<number, number>, all: number): number {
    const from = this.docStart.items[doc]!;
    const to = this.docStart.items[doc + 1]!;
    const lexemeOf = this.lexemeOf.items;
    const positionOf = this.positionOf.items;
    if (all === 1) {
      const counts = [0, 0, 0, 0];
      for (let i = from; i < to; i++) if (maskOf.has(lexemeOf[i]!)) counts[positionOf[i]! & 3]!++;
      return oneOperandRank(counts[0]!, counts[1]!, counts[2]!, counts[3]!);
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
