/**
 * In-process product search (SPEC §2 Search, §7 /search-product; DESIGN §2 search; decisions 0003, 0020 and 0031,
 * as amended by issue 35).
 *
 * Matching is defined by what shoppers type in a parts shop, not by any database's text parser:
 * 1. Text is folded (lower case, accents off: `Café` -> `cafe`) and read as words of letters and digits. Words
 *    joined by `-`, `.`, `/`, `_` or an apostrophe with nothing else between them make a compound, found by the
 *    compound typed any way and by each part: `AUS-10000` by `aus-10000`, `aus10000`, `aus 10000`, `10000` and
 *    `aus`; `Brake-Pad` by `brake pad` and `brakepad`. A word mixing letters and digits is also found by its
 *    letter and digit pieces of two or more characters (`330CCA` by `330` and `cca`, `NS40` by `ns` and `40`).
 * 2. Words of letters only are stemmed (Snowball english, `porter2`: `batteries`, `battery` -> `batteri`) and the
 *    common english stop words are dropped (`pads for hilux` is `pads hilux`), on products and queries alike.
 * 3. Every word of the query (at most 8) must be a prefix of a word of the product (`batt` finds batteries).
 *    Ranking, per query word: 1.0 for a title, SKU or part-number hit (field A), 0.4 for a brand hit (B), 0.2
 *    for a category or tag hit (C), summed over the fields it hits; ties newest (highest id) first. Before all
 *    of them: the exact SKU as typed, then the products carrying the query as a part number however it is
 *    spaced or dashed (`normalizePartNumber`, decision 0031).
 * 4. When nothing matches, each word of letters is corrected and step 3 runs again; the corrected words are
 *    returned when that found something. Two catalog words run together are split (`brakepad` -> `brake pad`);
 *    any other word becomes the nearest word of the catalog's spelling vocabulary (its words of 3+ letters) by
 *    trigram similarity (threshold 0.3; exact word first, then similarity, then alphabetical).
 *
 * Pure and re-entrant: no I/O and no module state; a built index carries its own scratch space, used by one
 * synchronous search at a time. `search-index.test.ts` holds the golden table of shopper queries.
 */
import { stem as porter2 } from 'porter2';
import { normalizePartNumber } from '@store/shared/part-number';
import { runToEnd, sortedInSteps } from './run-in-slices';

/** One product as the index sees it. */
export interface SearchDocument {
  id: number;
  sku: string;
  title: string;
  /** The brand's title (`products.search_brand`). */
  brand: string;
  /** The category and child category titles, space-separated (`products.search_category`). */
  category: string;
  /** The catalog's tags (`products.seo_tags`), '' when none. */
  tags: string;
  /** OE and other brands' part numbers (issue 15 §3); searched like the SKU. */
  partNumbers?: readonly string[];
}

/** A built index; only `size` (number of products) is for callers, the rest is the index's own. */
export interface SearchIndex {
  readonly size: number;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Words as shoppers type them.
// ---------------------------------------------------------------------------------------------------------------

/** Words of a query read, at most (SPEC §7: a longer query is cut). */
const MAX_QUERY_WORDS = 8;

/** Common english words that name no part: dropped from products and queries alike. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is are ' +
    'was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out ' +
    'on off over under again further then once here there when where why how all any both each few more most ' +
    'other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => c >= 97 && c <= 122;
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c);
/** `-`, `.`, `/`, `_`, `'` and `’` join two words into a compound when nothing else is between them. */
const isJoiner = (c: number): boolean =>
  c === 45 || c === 46 || c === 47 || c === 95 || c === 39 || c === 0x2019;

function isLetters(word: string): boolean {
  for (let k = 0; k < word.length; k++) if (!isLetter(word.charCodeAt(k))) return false;
  return true;
}

/** Lower case with accents taken off (NFKD, combining marks dropped): `Café` -> `cafe`, `Ⅻ` -> `xii`. */
function foldText(text: string): string {
  for (let k = 0; k < text.length; k++)
    if (text.charCodeAt(k) > 127)
      return text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '');
  return text.toLowerCase();
}

/**
 * The words of a query, at most 8: folded and split at anything that is not a-z or 0-9
 * (`H4 Globe!` -> `["h4", "globe"]`, `AUS-10000` -> `["aus", "10000"]`).
 */
export function searchWordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * The term a word is indexed and searched by: a word of letters only is stemmed (`batteries` -> `batteri`),
 * '' for a stop word; a word with digits stays as it is (`h4`, `10000`).
 */
function termOf(word: string): string {
  if (!isLetters(word)) return word;
  return STOP_WORDS.has(word) ? '' : porter2(word);
}

/**
 * Calls `add` with every word a product text is found by (repeats possible, unstemmed): each word of letters
 * and digits (`isWord` true: it may join the spelling vocabulary), each compound joined (`aus-10000` ->
 * `aus10000`) and each letter or digit piece of two or more characters of a word mixing them (`ns40` -> `ns`,
 * `40`).
 */
export function productWordsOf(text: string, add: (word: string, isWord: boolean) => void): void {
  const s = foldText(text);
  const n = s.length;
  const parts: string[] = [];
  let i = 0;
  for (;;) {
    while (i < n && !isWordChar(s.charCodeAt(i))) i++;
    if (i >= n) return;
    parts.length = 0;
    for (;;) {
      const start = i;
      while (i < n && isWordChar(s.charCodeAt(i))) i++;
      const word = s.slice(start, i);
      parts.push(word);
      add(word, true);
      addPieces(word, add);
      if (i + 1 < n && isJoiner(s.charCodeAt(i)) && isWordChar(s.charCodeAt(i + 1))) i++;
      else break;
    }
    if (parts.length > 1) add(parts.join(''), false);
  }
}

/** The letter and digit pieces of 2+ characters of a word mixing them (`330cca` -> `330`, `cca`; `h4` -> none). */
function addPieces(word: string, add: (word: string, isWord: boolean) => void): void {
  let start = 0;
  for (let k = 1; k <= word.length; k++) {
    if (k < word.length && isDigit(word.charCodeAt(k)) === isDigit(word.charCodeAt(k - 1))) continue;
    if (start === 0 && k === word.length) return; // one piece: the word itself
    if (k - start >= 2) add(word.slice(start, k), false);
    start = k;
  }
}

/** A spelling-vocabulary word: 3 or more letters a-z, not a stop word. */
function isVocabularyWord(word: string): boolean {
  return word.length >= 3 && isLetters(word) && !STOP_WORDS.has(word);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Trigram similarity, for spelling (pg_trgm's measure: decision 0003).
// ---------------------------------------------------------------------------------------------------------------

/** The trigrams of a text: each alphanumeric word, lower-cased, as "  word ", cut in threes, distinct. */
function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let k = 0; k + 3 <= padded.length; k++) out.add(padded.slice(k, k + 3));
  }
  return out;
}

/** The least similarity (shared trigrams / all trigrams of both) a correction needs. */
const SIMILARITY_THRESHOLD = 0.3;

// ---------------------------------------------------------------------------------------------------------------
// 3. The index.
// ---------------------------------------------------------------------------------------------------------------

/** Field bits: A (title, SKU), B (brand), C (category, tags). */
const FIELD_A = 1;
const FIELD_B = 2;
const FIELD_C = 4;
/** Score of one query word by the fields it hit (bit mask A|B|C), in fifths: A 1.0, B 0.4, C 0.2, summed. */
const WORD_SCORE = Uint8Array.from(
  { length: 8 },
  (_, m) => (m & FIELD_A ? 5 : 0) + (m & FIELD_B ? 2 : 0) + (m & FIELD_C ? 1 : 0),
);
/** Scores are kept in a byte: 8 words of 8 at most. */
const MAX_SCORE = 255;

interface IndexData extends SearchIndex {
  /** Product ids by document number, ascending. */
  ids: Int32Array;
  /** lower(sku) -> document number. */
  bySku: Map<string, number>;
  /**
   * `normalizePartNumber` of each part number -> the documents carrying it (one number, or several when brands
   * share it), ascending. SKUs are not in it: an exact SKU is matched as typed (decision 0031).
   */
  byPartNumber: Map<string, number | number[]>;
  /** Every term, sorted; term k's postings are postDocs/postFields[postStart[k] .. postStart[k + 1]). */
  lexemes: string[];
  postStart: Int32Array;
  postDocs: Int32Array;
  /** Fields (A|B|C bits) the term occurs in, per posting. */
  postFields: Uint8Array;
  /** The spelling vocabulary: words of 3+ letters a-z, unstemmed, sorted; and trigram -> vocabulary word numbers. */
  vocabulary: string[];
  vocabularyTrigrams: Map<string, Int32Array>;
  vocabularyTrigramCount: Uint16Array;
  vocabularyNumber: Map<string, number>;
  /** Scratch space for one search at a time (searches are synchronous). */
  scores: Uint8Array;
  wordFields: Uint8Array;
  /** The documents still matching, and the documents one prefix's postings reached. */
  matches: Int32Array;
  touched: Int32Array;
  sharedTrigrams: Uint16Array;
}

/** A growable Int32Array: `data` holds the first `length` values pushed. */
interface IntList {
  data: Int32Array;
  length: number;
}

function pushInt(list: IntList, v: number): void {
  if (list.length === list.data.length) {
    const next = new Int32Array(list.data.length * 2);
    next.set(list.data);
    list.data = next;
  }
  list.data[list.length++] = v;
}

const intList = (): IntList => ({ data: new Int32Array(1024), length: 0 });

/** Documents read between two yields of `searchIndexSteps`: about a millisecond of work. */
const DOCS_PER_STEP = 256;

/** Postings placed between two yields. */
const POSTINGS_PER_STEP = 131_072;

/**
 * Builds the search index of SPEC §7 /search-product over `docs` (any order; ids unique) in one go: the tests' and
 * small catalogs' way; the store builds it with `searchIndexSteps`, a slice at a time (issue 42 §3). Its build time
 * and memory at 100,000 generated products are what `npx tsx apps/api/bench/search-index-bench.ts` reports.
 */
export function buildSearchIndex(docs: Iterable<SearchDocument>): SearchIndex {
  return runToEnd(searchIndexSteps([...docs].sort((a, b) => a.id - b.id)));
}

/**
 * The search index of `docs`, built a slice at a time: the generator yields about every millisecond of work and
 * returns the index (issue 42 §3: at a million products the build is 20 to 50 s of CPU, which on the event loop
 * held every request that long). Per product it keeps its id, its lower-case SKU and one posting (document number
 * + field bits) per distinct term (a stemmed word, a compound or a piece: `productWordsOf`, `termOf`); plus the
 * vocabulary by trigram and scratch space of two bytes per product. `docs` must come in ascending id order
 * (throws RangeError otherwise): the catalog's entries are kept that way.
 */
export function* searchIndexSteps(docs: Iterable<SearchDocument>): Generator<void, SearchIndex> {
  const idList = intList();
  const bySku = new Map<string, number>();
  const byPartNumber = new Map<string, number | number[]>();
  const addPartNumber = (text: string, d: number) => {
    const key = normalizePartNumber(text);
    if (key === '') return;
    const held = byPartNumber.get(key);
    if (held === undefined) byPartNumber.set(key, d);
    else if (typeof held === 'number') {
      if (held !== d) byPartNumber.set(key, [held, d]);
    } else if (held[held.length - 1] !== d) held.push(d);
  };
  const lexemeNumber = new Map<string, number>();
  const lexemeList: string[] = [];
  const postLexeme = intList();
  const postDoc = intList();
  const postField = intList();
  const vocabularySet = new Set<string>();
  // Words of letters repeat across products: each distinct one is stemmed once per build. A word with digits is
  // its own term (most are a product's own number: caching them only filled the map).
  const stems = new Map<string, string>();
  const termOfCached = (word: string) => {
    if (!isLetters(word)) return word;
    let term = stems.get(word);
    if (term === undefined) stems.set(word, (term = termOf(word)));
    return term;
  };
  /** The distinct terms of a text, its spelling words added to the vocabulary. */
  const termsOf = (text: string, into: Set<string>, spelling: boolean) =>
    productWordsOf(text, (word, isWord) => {
      const term = termOfCached(word);
      if (term !== '') into.add(term);
      if (spelling && isWord && isVocabularyWord(word)) vocabularySet.add(word);
    });
  const fieldsOfDoc = new Map<string, number>();
  const addTerms = (terms: Iterable<string>, fieldBit: number) => {
    for (const l of terms) fieldsOfDoc.set(l, (fieldsOfDoc.get(l) ?? 0) | fieldBit);
  };
  const docTerms = new Set<string>();
  // Brand, category and tag texts repeat across products: each distinct one is read once.
  const fieldCache = new Map<string, string[]>();
  const addCached = (text: string, fieldBit: number) => {
    let terms = fieldCache.get(text);
    if (!terms) {
      const found = new Set<string>();
      termsOf(text, found, true);
      terms = [...found];
      fieldCache.set(text, terms);
    }
    addTerms(terms, fieldBit);
  };

  let d = 0;
  let lastId = -Infinity;
  for (const doc of docs) {
    if (doc.id <= lastId)
      throw new RangeError(`search documents must come in ascending id order: ${doc.id} after ${lastId}`);
    lastId = doc.id;
    pushInt(idList, doc.id);
    bySku.set(doc.sku.toLowerCase(), d);
    fieldsOfDoc.clear();
    docTerms.clear();
    termsOf(doc.title, docTerms, true);
    termsOf(doc.sku, docTerms, true);
    for (const partNumber of doc.partNumbers ?? []) {
      // Words of a part number (`04465-0k240` -> `04465`, `0k240`...) and the number as one word (`044650k240`).
      termsOf(partNumber, docTerms, false);
      const key = termOfCached(normalizePartNumber(partNumber).toLowerCase());
      if (key !== '') docTerms.add(key);
      addPartNumber(partNumber, d);
    }
    addTerms(docTerms, FIELD_A);
    addCached(doc.brand, FIELD_B);
    addCached(doc.category, FIELD_C);
    addCached(doc.tags, FIELD_C);
    for (const [lexeme, fields] of fieldsOfDoc) {
      let k = lexemeNumber.get(lexeme);
      if (k === undefined) {
        k = lexemeList.length;
        lexemeNumber.set(lexeme, k);
        lexemeList.push(lexeme);
      }
      pushInt(postLexeme, k);
      pushInt(postDoc, d);
      pushInt(postField, fields);
    }
    d++;
    if (d % DOCS_PER_STEP === 0) yield;
  }
  const n = d;
  const ids = idList.data.slice(0, n);
  lexemeNumber.clear();
  stems.clear();

  // Lexemes sorted (for prefix ranges), postings grouped by lexeme in document order (a stable counting sort).
  const order = yield* sortedInSteps(
    Int32Array.from({ length: lexemeList.length }, (_, k) => k),
    (a, b) => compare(lexemeList[a] as string, lexemeList[b] as string),
  );
  const rank = new Int32Array(order.length);
  for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
  const lexemes = Array.from(order, (k) => lexemeList[k] as string);
  yield;
  const postStart = new Int32Array(lexemes.length + 1);
  for (let p = 0; p < postLexeme.length; p++) {
    const r = rank[postLexeme.data[p] as number] as number;
    postStart[r + 1] = (postStart[r + 1] as number) + 1;
  }
  for (let r = 0; r < lexemes.length; r++)
    postStart[r + 1] = (postStart[r + 1] as number) + (postStart[r] as number);
  yield;
  const fill = postStart.slice(0, lexemes.length);
  const postDocs = new Int32Array(postLexeme.length);
  const postFields = new Uint8Array(postLexeme.length);
  for (let p = 0; p < postLexeme.length; p++) {
    const r = rank[postLexeme.data[p] as number] as number;
    const slot = fill[r] as number;
    fill[r] = slot + 1;
    postDocs[slot] = postDoc.data[p] as number;
    postFields[slot] = postField.data[p] as number;
    if (p % POSTINGS_PER_STEP === 0) yield;
  }

  const vocabulary = [...vocabularySet].sort(compare);
  yield;
  const vocabularyNumber = new Map(vocabulary.map((w, i) => [w, i] as const));
  const vocabularyTrigramCount = new Uint16Array(vocabulary.length);
  const byTrigram = new Map<string, number[]>();
  for (let i = 0; i < vocabulary.length; i++) {
    const trigrams = trigramsOf(vocabulary[i] as string);
    vocabularyTrigramCount[i] = trigrams.size;
    for (const t of trigrams) {
      const list = byTrigram.get(t);
      if (list) list.push(i);
      else byTrigram.set(t, [i]);
    }
    if (i % (DOCS_PER_STEP * 8) === 0) yield;
  }
  const vocabularyTrigrams = new Map<string, Int32Array>();
  for (const [t, list] of byTrigram) vocabularyTrigrams.set(t, Int32Array.from(list));

  const index: IndexData = {
    size: n,
    ids,
    bySku,
    byPartNumber,
    lexemes,
    postStart,
    postDocs,
    postFields,
    vocabulary,
    vocabularyTrigrams,
    vocabularyTrigramCount,
    vocabularyNumber,
    scores: new Uint8Array(n),
    wordFields: new Uint8Array(n),
    matches: new Int32Array(n),
    touched: new Int32Array(n),
    sharedTrigrams: new Uint16Array(vocabulary.length),
  };
  return index;
}

/** Code-unit order, as the lexemes are compared while searching. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First lexeme number >= `key`. */
function lowerBound(lexemes: string[], key: string): number {
  let lo = 0;
  let hi = lexemes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((lexemes[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A binary search costs about this many posting reads: a word is probed document by document (`fieldsOf`) when
 * that reads fewer than its postings.
 */
const PROBE_COST = 24;

/** The fields of document `d` in lexemes [from, to): each lexeme's postings are in document order. */
function fieldsOf(ix: IndexData, d: number, from: number, to: number): number {
  const { postStart, postDocs, postFields } = ix;
  let fields = 0;
  for (let k = from; k < to; k++) {
    let lo = postStart[k] as number;
    let hi = postStart[k + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((postDocs[mid] as number) < d) lo = mid + 1;
      else hi = mid;
    }
    if (lo < (postStart[k + 1] as number) && postDocs[lo] === d) fields |= postFields[lo] as number;
  }
  return fields;
}

/**
 * The documents having every prefix (AND), each scored in `scores` by the fields its words occur in: the first
 * `count` entries of `ix.matches`. The work follows the postings of the query's prefixes and the documents still
 * matching, never the whole catalog (issue 13: the cost of a search does not grow with the catalog, only with
 * what it finds). The word with the fewest postings goes first (a score is a sum: the order does not change it);
 * a later word whose postings outnumber the matches left is probed in each match's postings instead of read
 * whole (`aus 10999`: every AUS- part has `aus`; issue 42 §3). The caller clears `scores` of the matches when
 * done (rankedIds does).
 */
function matchAll(ix: IndexData, prefixes: string[]): number {
  const { scores, wordFields, lexemes, postStart, postDocs, postFields, matches, touched } = ix;
  const ranges = prefixes
    .map((prefix) => {
      const from = lowerBound(lexemes, prefix);
      const to = lowerBound(lexemes, `${prefix}\uffff`);
      return { from, to, postings: (postStart[to] as number) - (postStart[from] as number) };
    })
    .sort((a, b) => a.postings - b.postings);
  let count = 0;
  for (let w = 0; w < ranges.length; w++) {
    const { from, to, postings } = ranges[w] as { from: number; to: number; postings: number };
    if (w > 0 && count * (to - from) * PROBE_COST < postings) {
      let kept = 0;
      for (let k = 0; k < count; k++) {
        const d = matches[k] as number;
        const f = fieldsOf(ix, d, from, to);
        if (f === 0) scores[d] = 0;
        else {
          scores[d] = Math.min(MAX_SCORE, (scores[d] as number) + (WORD_SCORE[f] as number));
          matches[kept++] = d;
        }
      }
      count = kept;
      if (count === 0) break;
      continue;
    }
    const end = postStart[to] as number;
    let marked = 0;
    for (let p = postStart[from] as number; p < end; p++) {
      const d = postDocs[p] as number;
      const f = wordFields[d] as number;
      if (f === 0) touched[marked++] = d;
      wordFields[d] = f | (postFields[p] as number);
    }
    if (w === 0) {
      for (let k = 0; k < marked; k++) {
        const d = touched[k] as number;
        scores[d] = WORD_SCORE[wordFields[d] as number] as number;
        matches[count++] = d;
      }
    } else {
      // Keep the matches this word also has; the others drop out (their score back to 0).
      let kept = 0;
      for (let k = 0; k < count; k++) {
        const d = matches[k] as number;
        const f = wordFields[d] as number;
        if (f === 0) scores[d] = 0;
        else {
          scores[d] = Math.min(MAX_SCORE, (scores[d] as number) + (WORD_SCORE[f] as number));
          matches[kept++] = d;
        }
      }
      count = kept;
    }
    for (let k = 0; k < marked; k++) wordFields[touched[k] as number] = 0;
    if (count === 0) break;
  }
  return count;
}

/**
 * The matching ids (the first `count` of `ix.matches`), the exact documents first (the SKU typed as it is, then
 * the part numbers of the same key, highest id first), then by score, ties highest id first: a counting
 * sort by score over the matches in descending document order. Leaves `scores` all zero.
 */
function rankedIds(ix: IndexData, count: number, exactDocs: readonly number[]): Int32Array {
  const { scores, ids, matches } = ix;
  const n = ix.size;
  // The matches in descending document order: sorted when few, else read off `scores` in one pass over the
  // catalog (a pass over n bytes costs less than sorting more than about n/16 numbers).
  let docs: Int32Array;
  if (count * 16 < n) docs = matches.subarray(0, count).sort().reverse();
  else {
    let k = 0;
    for (let d = n - 1; d >= 0; d--) if ((scores[d] as number) !== 0) matches[k++] = d;
    docs = matches.subarray(0, k);
  }
  let alsoMatched = 0;
  for (const d of exactDocs) {
    if ((scores[d] as number) > 0) {
      // An exact product matched the words too: it is listed once, first.
      scores[d] = 0;
      alsoMatched++;
    }
  }
  const out = new Int32Array(count - alsoMatched + exactDocs.length);
  let at = 0;
  for (const d of exactDocs) out[at++] = ids[d] as number;
  const counts = new Int32Array(MAX_SCORE + 1);
  for (let k = 0; k < count; k++) {
    const s = scores[docs[k] as number] as number;
    counts[s] = (counts[s] as number) + 1;
  }
  // Where each score's products start in `out`, highest score first.
  const starts = new Int32Array(MAX_SCORE + 1);
  for (let s = MAX_SCORE; s >= 1; s--) {
    starts[s] = at;
    at += counts[s] as number;
  }
  for (let k = 0; k < count; k++) {
    const d = docs[k] as number;
    const s = scores[d] as number;
    scores[d] = 0;
    if (s === 0) continue;
    const slot = starts[s] as number;
    starts[s] = slot + 1;
    out[slot] = ids[d] as number;
  }
  return out;
}

/**
 * The documents a query names exactly: the SKU typed as it is, then every part number with the query's key
 * (`db 1170` finds DB-1170), highest document first.
 */
function exactDocsOf(ix: IndexData, raw: string): number[] {
  const sku = ix.bySku.get(raw);
  const key = normalizePartNumber(raw);
  const held = key === '' ? undefined : ix.byPartNumber.get(key);
  const byKey = held === undefined ? [] : typeof held === 'number' ? [held] : [...held].reverse();
  if (sku === undefined) return byKey;
  return [sku, ...byKey.filter((d) => d !== sku)];
}

/** Full text for the words: the exact SKU and part numbers, then the products having every word as a prefix. */
function fullText(ix: IndexData, raw: string, words: string[]): Int32Array {
  const matched = matchAll(
    ix,
    words.map(termOf).filter((term) => term !== ''),
  );
  return rankedIds(ix, matched, exactDocsOf(ix, raw));
}

/** Whether some term of the index starts with `prefix`. */
function hasPrefix(ix: IndexData, prefix: string): boolean {
  const k = lowerBound(ix.lexemes, prefix);
  return k < ix.lexemes.length && (ix.lexemes[k] as string).startsWith(prefix);
}

/**
 * Two words of 3+ letters the catalog has, typed run together (`brakepad` -> `brake pad`, `sparkplug` ->
 * `spark plug`): the split with the longest first word whose halves both find something; null when none does.
 */
function splitWord(ix: IndexData, word: string): string[] | null {
  for (let k = word.length - 3; k >= 3; k--) {
    const first = termOf(word.slice(0, k));
    const second = termOf(word.slice(k));
    if (first !== '' && second !== '' && hasPrefix(ix, first) && hasPrefix(ix, second))
      return [word.slice(0, k), word.slice(k)];
  }
  return null;
}

/**
 * The correction of a word that found nothing: itself when known, for a stop word and for a word with digits
 * (those are not spelling: a part number is never corrected into other products); two words when it is two
 * catalog words run together (`splitWord`); else the vocabulary word nearest to it, itself when nothing is at
 * least 0.3 similar.
 */
function correctWord(ix: IndexData, word: string): string[] {
  if (ix.vocabularyNumber.has(word) || !isLetters(word) || STOP_WORDS.has(word)) return [word];
  return splitWord(ix, word) ?? [nearestWord(ix, word)];
}

/** The vocabulary word nearest to `word` by trigram similarity (itself when nothing is at least 0.3 similar). */
function nearestWord(ix: IndexData, word: string): string {
  const trigrams = trigramsOf(word);
  const shared = ix.sharedTrigrams;
  const touched: number[] = [];
  for (const t of trigrams) {
    const list = ix.vocabularyTrigrams.get(t);
    if (!list) continue;
    for (const v of list) {
      if (shared[v] === 0) touched.push(v);
      shared[v] = (shared[v] as number) + 1;
    }
  }
  let best = word;
  let bestSimilarity = -1;
  for (const v of touched) {
    const s = shared[v] as number;
    shared[v] = 0;
    const similarity = Math.fround(s / (trigrams.size + (ix.vocabularyTrigramCount[v] as number) - s));
    if (similarity < SIMILARITY_THRESHOLD) continue;
    const candidate = ix.vocabulary[v] as string;
    if (similarity > bestSimilarity || (similarity === bestSimilarity && candidate < best)) {
      best = candidate;
      bestSimilarity = similarity;
    }
  }
  return best;
}

/**
 * Searches the index (SPEC §7 /search-product). `text` is the raw query (at most 100 characters are read): it
 * is trimmed and lower-cased for the exact-SKU test and split into at most 8 words by `searchWordsOf`.
 * Returns every matching product id, best first: the exact SKU and part numbers, then by score (title/SKU 1.0,
 * brand 0.4, category/tags 0.2 per word and field), ties highest id first. When nothing matches, the words are spelling-
 * corrected against the catalog (`correctWord`) and searched again; `corrected` (the corrected words, space-
 * separated) is set only when that found something. A query of no words (only punctuation, only stop words)
 * finds nothing unless it is a SKU.
 */
export function searchIndex(
  index: SearchIndex,
  text: string,
): { ids: Int32Array | number[]; corrected?: string } {
  const ix = index as IndexData;
  const raw = text.trim().toLowerCase().slice(0, 100);
  const words = searchWordsOf(raw);
  const ids = fullText(ix, raw, words);
  // A query that names a part exactly is not spelling-corrected into other words.
  if (ids.length > 0 || words.length === 0) return { ids };
  const fixed = words.flatMap((w) => correctWord(ix, w)).slice(0, MAX_QUERY_WORDS);
  if (fixed.join(' ') === words.join(' ')) return { ids };
  const again = fullText(ix, raw, fixed);
  return again.length > 0 ? { ids: again, corrected: fixed.join(' ') } : { ids: again };
}
