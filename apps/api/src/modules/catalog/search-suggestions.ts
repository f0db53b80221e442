/**
 * "Did you mean …" for a search that found nothing (issue 37 §4, decision 0058): searches the shopper may have
 * meant, taken from the catalog's own words (part numbers and SKUs, brands, the words of titles), each checked to
 * find something before it is offered, so a suggestion is never another dead end.
 *
 * The search itself already corrects words of letters by trigram similarity (decision 0020) and answers
 * `corrected_query` when that finds something; what it never corrects is a word with digits ("a part number is not
 * spelling"), and it corrects a phrase only as a whole. So the suggestions are:
 * 1. the whole query as a part number (or SKU) one or two keys away (`db1170` -> `DB1180`), compared by
 *    `normalizePartNumber` (spaces and dashes do not count);
 * 2. the whole query as a brand a few letters away (`bosh` -> `Bosch`);
 * 3. the query with each word that finds nothing replaced by its nearest catalog word (part number, brand or title
 *    word), or left out when none is near (`hilux pads xyzzy` -> `hilux pads`).
 *
 * Ranking is ours: edit distance (Levenshtein, `fastest-levenshtein`), then part numbers before brands before
 * words for a query with digits (brands before words otherwise), then how many products carry the term, then
 * alphabetical. A term may be `maxDistance` edits away: 1 up to 4 characters, 2 up to 8, 3 beyond.
 *
 * Pure: the vocabulary is built once per catalog search generation (catalog-view.ts), a suggestion costs a scan of
 * the terms of about the query's length.
 */
import { distance } from 'fastest-levenshtein';
import { LRUCache } from 'lru-cache';
import { normalizePartNumber } from '@store/shared/part-number';
import { runToEnd, sortedInSteps } from './run-in-slices';
import { searchWordsOf } from './search-index';

/** Suggestions offered at most. */
export const MAX_SEARCH_SUGGESTIONS = 4;

/** Proposals checked with a search at most. */
const MAX_CHECKED_PROPOSALS = 12;

/** What the vocabulary reads of a product. */
export interface SuggestionDocument {
  sku: string;
  title: string;
  /** The brand's title. */
  brand: string;
  partNumbers: readonly string[];
}

type TermKind = 'part' | 'brand' | 'word';

interface Term {
  /** As the catalog writes it (`DB1810`, `Bendix`, `pads`): what the suggestion shows and searches for. */
  text: string;
  /** What it is compared by: `normalizePartNumber` for a part, lower-case folded words otherwise. */
  key: string;
  kind: TermKind;
  /** Products carrying it. */
  products: number;
}

/** The catalog's terms, by kind and by key length (a query is compared with terms of about its length only). */
export interface SuggestionVocabulary {
  readonly byLength: ReadonlyMap<TermKind, ReadonlyMap<number, readonly Term[]>>;
  readonly keys: ReadonlyMap<TermKind, ReadonlySet<string>>;
  /** The part numbers, in order of their keys and of their keys read backwards (numbers into `partList`). */
  readonly partList: readonly Term[];
  readonly partsByKey: Int32Array;
  readonly partsByKeyBackwards: Int32Array;
  /** Part numbers of about a query's length compared one by one at most; more are found by prefix and suffix. */
  readonly scanLimit: number;
}

/**
 * Part numbers of about a query's length compared one by one at most (about 10 ms); past it, only those sharing
 * half the query's key at its start or at its end (`nearbyParts`): a million products have three million part
 * numbers, and comparing a query with all of them took half a second (issue 42 §3).
 */
export const PART_SCAN_LIMIT = 50_000;

/** Part numbers compared at most on each side (prefix, suffix) past the scan limit. */
const NEARBY_PARTS = 4_000;

/** Edits a term may be away from what was typed: 1 up to 4 characters, 2 up to 8, 3 beyond. */
export function maxDistance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** Lower case, accents off, words joined by one space: how brands and title words are compared. */
function wordKey(text: string): string {
  return searchWordsOf(text).join(' ');
}

/** Builds the vocabulary of `docs` (linear in their text) in one go. */
export function buildSuggestionVocabulary(docs: Iterable<SuggestionDocument>): SuggestionVocabulary {
  return runToEnd(suggestionVocabularySteps(docs));
}

/** Documents read between two yields of `suggestionVocabularySteps`. */
const DOCS_PER_STEP = 256;

/**
 * The vocabulary of `docs`, built a slice at a time (issue 42 §3: 10 to 20 s of CPU at a million products): yields
 * about every millisecond of work, returns the vocabulary.
 */
export function* suggestionVocabularySteps(
  docs: Iterable<SuggestionDocument>,
  scanLimit = PART_SCAN_LIMIT,
): Generator<void, SuggestionVocabulary> {
  const terms = new Map<string, Term>();
  const add = (kind: TermKind, text: string, key: string, seen: Set<string>) => {
    if (key.length < 3) return;
    const id = `${kind}|${key}`;
    if (seen.has(id)) return;
    seen.add(id);
    const term = terms.get(id);
    if (term) term.products++;
    else terms.set(id, { text, key, kind, products: 1 });
  };
  let read = 0;
  for (const doc of docs) {
    if (++read % DOCS_PER_STEP === 0) yield;
    const seen = new Set<string>();
    for (const part of [doc.sku, ...doc.partNumbers])
      add('part', part.trim(), normalizePartNumber(part), seen);
    if (doc.brand.trim()) add('brand', doc.brand.trim(), wordKey(doc.brand), seen);
    for (const word of doc.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      // Words of letters only: a word with digits in a title is a size or a part number, matched as a part.
      // Only a word beyond ASCII can fold into a-z (`café`): the others are their own key or not a word.
      const key = /^[a-z]+$/.test(word) ? word : /[^\0-\x7f]/.test(word) ? wordKey(word) : '';
      if (/^[a-z]+$/.test(key)) add('word', word, key, seen);
    }
  }
  const byLength = new Map<TermKind, Map<number, Term[]>>();
  const keys = new Map<TermKind, Set<string>>();
  for (const term of terms.values()) {
    if (++read % (DOCS_PER_STEP * 8) === 0) yield;
    let lengths = byLength.get(term.kind);
    if (!lengths) byLength.set(term.kind, (lengths = new Map()));
    let list = lengths.get(term.key.length);
    if (!list) lengths.set(term.key.length, (list = []));
    list.push(term);
    let set = keys.get(term.kind);
    if (!set) keys.set(term.kind, (set = new Set()));
    set.add(term.key);
  }
  const partList = [...terms.values()].filter((term) => term.kind === 'part');
  yield;
  const partsByKey = yield* sortedInSteps(Int32Array.from(partList.keys()), (a, b) =>
    compareKeys((partList[a] as Term).key, (partList[b] as Term).key),
  );
  const partsByKeyBackwards = yield* sortedInSteps(Int32Array.from(partList.keys()), (a, b) =>
    compareBackwards((partList[a] as Term).key, (partList[b] as Term).key),
  );
  return { byLength, keys, partList, partsByKey, partsByKeyBackwards, scanLimit };
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Order of two keys read from their last character. */
function compareBackwards(a: string, b: string): number {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const d = a.charCodeAt(i) - b.charCodeAt(j);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Whether `key` starts with `prefix` (`backwards`: ends with it), and how it orders against it otherwise. */
function orderToAffix(key: string, affix: string, backwards: boolean): number {
  if (!backwards) return key.startsWith(affix) ? 0 : compareKeys(key, affix);
  return key.endsWith(affix) ? 0 : compareBackwards(key, affix);
}

/** The first position in `order` whose part does not come before `affix` (0 when it has it). */
function firstWith(
  vocabulary: SuggestionVocabulary,
  order: Int32Array,
  affix: string,
  backwards: boolean,
): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const key = (vocabulary.partList[order[mid] as number] as Term).key;
    if (orderToAffix(key, affix, backwards) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The part numbers sharing the first or the last half of `key` (up to NEARBY_PARTS each): every part number one
 * edit away is among them (an edit leaves one half as it was), and any with its edits in one half.
 */
function nearbyParts(vocabulary: SuggestionVocabulary, key: string): Set<Term> {
  const half = Math.floor(key.length / 2);
  const found = new Set<Term>();
  for (const [order, affix, backwards] of [
    [vocabulary.partsByKey, key.slice(0, half), false],
    [vocabulary.partsByKeyBackwards, key.slice(key.length - half), true],
  ] as const) {
    const from = firstWith(vocabulary, order, affix, backwards);
    for (let k = from; k < order.length && k < from + NEARBY_PARTS; k++) {
      const term = vocabulary.partList[order[k] as number] as Term;
      if (orderToAffix(term.key, affix, backwards) !== 0) break;
      found.add(term);
    }
  }
  return found;
}

interface Candidate {
  text: string;
  distance: number;
  kind: TermKind;
  products: number;
}

const KIND_ORDER_DIGITS: Record<TermKind, number> = { part: 0, brand: 1, word: 2 };
const KIND_ORDER_LETTERS: Record<TermKind, number> = { brand: 0, word: 1, part: 2 };

/** The terms of `kind` within `maxDistance` of `key`, nearest first (see the module's ranking). */
function nearest(vocabulary: SuggestionVocabulary, kind: TermKind, key: string): Candidate[] {
  const limit = maxDistance(key.length);
  const lengths = vocabulary.byLength.get(kind);
  if (!lengths || key.length < 3) return [];
  const out: Candidate[] = [];
  const compare = (term: Term) => {
    if (Math.abs(term.key.length - key.length) > limit) return;
    const d = distance(key, term.key);
    if (d > 0 && d <= limit) out.push({ text: term.text, distance: d, kind, products: term.products });
  };
  let near = 0;
  for (let length = key.length - limit; length <= key.length + limit; length++)
    near += lengths.get(length)?.length ?? 0;
  if (kind === 'part' && near > vocabulary.scanLimit) {
    for (const term of nearbyParts(vocabulary, key)) compare(term);
    return out;
  }
  for (let length = key.length - limit; length <= key.length + limit; length++)
    for (const term of lengths.get(length) ?? []) compare(term);
  return out;
}

function byRank(order: Record<TermKind, number>) {
  return (a: Candidate, b: Candidate) =>
    a.distance - b.distance ||
    order[a.kind] - order[b.kind] ||
    b.products - a.products ||
    a.text.localeCompare(b.text);
}

/** The nearest catalog term to one word of the query (`words` of letters; `parts` for a word with digits). */
function nearestForWord(vocabulary: SuggestionVocabulary, word: string): Candidate | undefined {
  const hasDigit = /\d/.test(word);
  const candidates = hasDigit
    ? nearest(vocabulary, 'part', normalizePartNumber(word))
    : [...nearest(vocabulary, 'word', word), ...nearest(vocabulary, 'brand', word)];
  return candidates.sort(byRank(hasDigit ? KIND_ORDER_DIGITS : KIND_ORDER_LETTERS))[0];
}

/** Whether the word is a catalog term as it stands (kept as it is in a rewritten query). */
function isKnown(vocabulary: SuggestionVocabulary, word: string): boolean {
  return /\d/.test(word)
    ? (vocabulary.keys.get('part')?.has(normalizePartNumber(word)) ?? false)
    : (vocabulary.keys.get('word')?.has(word) ?? false) || (vocabulary.keys.get('brand')?.has(word) ?? false);
}

/**
 * Queries whose proposals are kept per vocabulary (`proposalsOf`): finding a part number's neighbours reads up to
 * NEARBY_PARTS terms each way, 18 % of a search's CPU at a million products when searches by vehicle that found
 * nothing asked again and again (decision 0080).
 */
const KEPT_PROPOSALS = 4_096;
const keptProposals = new WeakMap<SuggestionVocabulary, LRUCache<string, string[]>>();

/**
 * What `suggestSearches` checks for `text`, in order: at most MAX_CHECKED_PROPOSALS distinct proposals, never
 * `text` itself. They depend on the vocabulary and the text only (not on filters or a vehicle), so they are kept
 * per vocabulary by text.
 */
function proposalsOf(vocabulary: SuggestionVocabulary, text: string): string[] {
  const query = text.trim().slice(0, 100);
  let kept = keptProposals.get(vocabulary);
  if (!kept) {
    kept = new LRUCache({ max: KEPT_PROPOSALS });
    keptProposals.set(vocabulary, kept);
  }
  const known = kept.get(query);
  if (known) return known;
  const words = searchWordsOf(query);
  const proposals: string[] = [];
  if (words.length > 0) {
    const hasDigit = /\d/.test(query);
    const whole: Candidate[] = [
      ...nearest(vocabulary, 'part', normalizePartNumber(query)),
      ...(hasDigit ? [] : nearest(vocabulary, 'brand', wordKey(query))),
    ].sort(byRank(hasDigit ? KIND_ORDER_DIGITS : KIND_ORDER_LETTERS));
    proposals.push(...whole.map((c) => c.text));
    if (words.length > 1) {
      // Each word the catalog does not know replaced by its nearest term, or left out.
      const rewritten = words.flatMap((word) => {
        if (isKnown(vocabulary, word)) return [word];
        const best = nearestForWord(vocabulary, word);
        return best ? [best.text] : [];
      });
      if (rewritten.length > 0) proposals.push(rewritten.join(' '));
    } else if (!hasDigit) {
      // One word of letters: the nearest title words too (the search's trigram correction found nothing with them).
      proposals.push(
        ...nearest(vocabulary, 'word', words[0] as string)
          .sort(byRank(KIND_ORDER_LETTERS))
          .map((c) => c.text),
      );
    }
  }
  const typed = wordKey(query);
  const checked: string[] = [];
  const offered = new Set<string>();
  for (const proposal of proposals) {
    const key = wordKey(proposal);
    if (key === typed || key === '' || offered.has(key)) continue;
    offered.add(key);
    // Each check is a search: a miss never costs more than a dozen.
    if (checked.length >= MAX_CHECKED_PROPOSALS) break;
    checked.push(proposal);
  }
  kept.set(query, checked);
  return checked;
}

/**
 * Up to `limit` searches the shopper may have meant by `text`, best first, each one `finds` says finds something
 * (the caller searches it as the failed search was made: same filters, same vehicle). Never `text` itself.
 */
export function suggestSearches(
  vocabulary: SuggestionVocabulary,
  text: string,
  finds: (suggestion: string) => boolean,
  limit = MAX_SEARCH_SUGGESTIONS,
): string[] {
  const out: string[] = [];
  for (const proposal of proposalsOf(vocabulary, text)) {
    if (!finds(proposal)) continue;
    out.push(proposal);
    if (out.length >= limit) break;
  }
  return out;
}
