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
import { normalizePartNumber } from '@store/shared/part-number';
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
}

/** Edits a term may be away from what was typed: 1 up to 4 characters, 2 up to 8, 3 beyond. */
export function maxDistance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** Lower case, accents off, words joined by one space: how brands and title words are compared. */
function wordKey(text: string): string {
  return searchWordsOf(text).join(' ');
}

/** Builds the vocabulary of `docs` (linear in their text). */
export function buildSuggestionVocabulary(docs: Iterable<SuggestionDocument>): SuggestionVocabulary {
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
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const part of [doc.sku, ...doc.partNumbers])
      add('part', part.trim(), normalizePartNumber(part), seen);
    if (doc.brand.trim()) add('brand', doc.brand.trim(), wordKey(doc.brand), seen);
    for (const word of doc.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      // Words of letters only: a word with digits in a title is a size or a part number, matched as a part.
      const key = wordKey(word);
      if (/^[a-z]+$/.test(key)) add('word', word, key, seen);
    }
  }
  const byLength = new Map<TermKind, Map<number, Term[]>>();
  const keys = new Map<TermKind, Set<string>>();
  for (const term of terms.values()) {
    let lengths = byLength.get(term.kind);
    if (!lengths) byLength.set(term.kind, (lengths = new Map()));
    let list = lengths.get(term.key.length);
    if (!list) lengths.set(term.key.length, (list = []));
    list.push(term);
    let set = keys.get(term.kind);
    if (!set) keys.set(term.kind, (set = new Set()));
    set.add(term.key);
  }
  return { byLength, keys };
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
  for (let length = key.length - limit; length <= key.length + limit; length++) {
    for (const term of lengths.get(length) ?? []) {
      const d = distance(key, term.key);
      if (d > 0 && d <= limit) out.push({ text: term.text, distance: d, kind, products: term.products });
    }
  }
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
 * Up to `limit` searches the shopper may have meant by `text`, best first, each one `finds` says finds something
 * (the caller searches it as the failed search was made: same filters, same vehicle). Never `text` itself.
 */
export function suggestSearches(
  vocabulary: SuggestionVocabulary,
  text: string,
  finds: (suggestion: string) => boolean,
  limit = MAX_SEARCH_SUGGESTIONS,
): string[] {
  const query = text.trim().slice(0, 100);
  const words = searchWordsOf(query);
  if (words.length === 0) return [];
  const hasDigit = /\d/.test(query);
  const whole: Candidate[] = [
    ...nearest(vocabulary, 'part', normalizePartNumber(query)),
    ...(hasDigit ? [] : nearest(vocabulary, 'brand', wordKey(query))),
  ].sort(byRank(hasDigit ? KIND_ORDER_DIGITS : KIND_ORDER_LETTERS));

  const proposals = whole.map((c) => c.text);
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

  const typed = wordKey(query);
  const out: string[] = [];
  const offered = new Set<string>();
  for (const proposal of proposals) {
    const key = wordKey(proposal);
    if (key === typed || key === '' || offered.has(key)) continue;
    offered.add(key);
    // Each check is a search: a miss never costs more than a dozen.
    if (offered.size > MAX_CHECKED_PROPOSALS) break;
    if (!finds(proposal)) continue;
    out.push(proposal);
    if (out.length >= limit) break;
  }
  return out;
}
