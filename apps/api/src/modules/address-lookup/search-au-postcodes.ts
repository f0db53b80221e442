/**
 * Offline address suggestions (DESIGN §3, SPEC §2 Checkout "address autocomplete ... restricted to Australia"):
 * a search over the bundled GeoNames postcode file (apps/api/data/au-postcodes/AU.txt, CC BY 4.0), held in
 * memory. The file is static reference data (~1.1 MB, ~16,900 rows), so it is read and indexed once, on the
 * first suggestion, rather than stored in the database or loaded at start.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AU_STATES, type AuStateCode } from '@store/shared/address';
import { ADDRESS_SUGGESTION_LIMIT, type AddressSuggestion } from '@store/shared/address-lookup';
import { REPO_ROOT } from '../../env';

/** The GeoNames file shipped with the store, from the repository root (the bundled server runs from dist/). */
export const AU_POSTCODES_FILE = path.join(REPO_ROOT, 'apps/api/data/au-postcodes/AU.txt');

interface PostcodeEntry {
  /** Suburb as written in the file, e.g. "O'Connor". */
  name: string;
  state: AuStateCode;
  /** Four digits, leading zero kept ("0800"). */
  postcode: string;
  /** `name` normalised for matching ("oconnor"), see normaliseSearchText. */
  key: string;
  /** A PO box / large-volume-receiver postcode (see PO_BOX_RANGES). */
  poBox: boolean;
}

/** The file's rows, de-duplicated, in the order ties are answered (state, name, street postcodes first). */
export interface AuPostcodeIndex {
  entries: readonly PostcodeEntry[];
  /** The same entries ordered by postcode, then as `entries`: a digit query is a range in it. */
  byPostcode: readonly PostcodeEntry[];
  /** First two letters of every word of a name -> positions in `entries` (ascending). */
  byWordStart: ReadonlyMap<string, readonly number[]>;
}

const STATE_CODES = new Set<string>(AU_STATES.map((s) => s.code));
const isStateCode = (code: string): code is AuStateCode => STATE_CODES.has(code);

/**
 * Lower case, accents off, apostrophes and full stops dropped ("O'Connor" -> "oconnor", "St. Marys" ->
 * "st marys"), any other punctuation a space, spaces collapsed. Applied to names and queries alike, so
 * "o'conn", "oconn" and "O’Conn" all find O'Connor.
 */
export function normaliseSearchText(text: string): string {
  // Decomposing is the slow step of indexing; almost every name is plain ASCII and needs none.
  const ascii = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/['’‘`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Australia Post's PO box and large-volume-receiver postcodes: no street delivers there, so every street
 * postcode is offered before them ("sydney" -> Sydney NSW 2000 before Sydney NSW 1001 ... 1299) and they are
 * labelled "PO Boxes" (decision 0059). The GeoNames file has no column that says so: these are the ranges
 * Australia Post keeps for them in each state, plus PO_BOX_POSTCODES.
 */
const PO_BOX_RANGES: readonly (readonly [number, number])[] = [
  [200, 299], // ACT
  [900, 999], // NT
  [1000, 1999], // NSW
  [5800, 5999], // SA
  [6800, 6999], // WA
  [7800, 7999], // TAS
  [8000, 8999], // VIC
  [9000, 9999], // QLD
];
/**
 * PO box and large-volume-receiver postcodes inside the street ranges, for the places the file also lists
 * with their street postcode (Parramatta NSW 2123 and 2124 beside 2150; the capitals' GPO boxes; regional
 * towns' post office boxes). Found by listing the file's postcodes that name one locality which has another
 * street postcode, then keeping those Australia Post allocates to PO boxes or a large-volume receiver: a
 * postcode missing here is offered as a street one, which is the safe mistake (it is still accepted).
 */
const PO_BOX_POSTCODES: ReadonlySet<string> = new Set([
  // NT: Darwin GPO and the post offices of Casuarina, Parap, Nightcliff, Winnellie, Palmerston, Katherine,
  // Tennant Creek, Alice Springs and Nhulunbuy.
  '0801',
  '0804',
  '0811',
  '0814',
  '0821',
  '0831',
  '0851',
  '0861',
  '0871',
  '0881',
  // NSW and ACT: Sydney GPO, North Sydney, Chatswood, Parramatta, Wollongong, Penrith, Belconnen.
  '2001',
  '2055',
  '2057',
  '2059',
  '2123',
  '2124',
  '2520',
  '2616',
  '2751',
  // VIC: Melbourne GPO, Ballarat, Mildura, Bendigo, Shepparton, Wangaratta, Wodonga, Sale.
  '3001',
  '3353',
  '3502',
  '3552',
  '3632',
  '3676',
  '3689',
  '3853',
  // QLD, SA, WA, TAS: Brisbane GPO, Spring Hill, Adelaide GPO, Mount Gambier, Port Lincoln, Bunbury, Hobart GPO.
  '4001',
  '4004',
  '5001',
  '5290',
  '5606',
  '6231',
  '7001',
]);
/** Whether Australia Post delivers no street mail to `postcode` (PO boxes, large-volume receivers). */
export function isPoBoxPostcode(postcode: string): boolean {
  if (PO_BOX_POSTCODES.has(postcode)) return true;
  const n = Number(postcode);
  return PO_BOX_RANGES.some(([lo, hi]) => n >= lo && n <= hi);
}

/** What a PO box postcode's suggestion says after the place, e.g. "Parramatta NSW 2124 · PO Boxes". */
export const PO_BOX_LABEL = 'PO Boxes';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byStateNamePostcode = (a: PostcodeEntry, b: PostcodeEntry) =>
  compareText(a.state, b.state) ||
  compareText(a.key, b.key) ||
  Number(a.poBox) - Number(b.poBox) ||
  compareText(a.postcode, b.postcode);

/**
 * Parses the GeoNames tab-separated text (columns: country, postcode, place, state name, state code, ...)
 * into a search index. Rows without a four-digit postcode, a known state code or a name are skipped;
 * identical suburb + state + postcode rows are kept once.
 */
export function buildAuPostcodeIndex(text: string): AuPostcodeIndex {
  const seen = new Set<string>();
  const entries: PostcodeEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const cols = line.split('\t');
    const postcode = cols[1]?.trim() ?? '';
    const name = cols[2]?.trim().replace(/\s+/g, ' ') ?? '';
    const state = cols[4]?.trim().toUpperCase() ?? '';
    if (!/^\d{4}$/.test(postcode) || name === '' || !isStateCode(state)) continue;
    const key = normaliseSearchText(name);
    const id = `${key}|${state}|${postcode}`;
    if (key === '' || seen.has(id)) continue;
    seen.add(id);
    entries.push({ name, state, postcode, key, poBox: isPoBoxPostcode(postcode) });
  }
  entries.sort(byStateNamePostcode);

  const byWordStart = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const start of new Set(entry.key.split(' ').map((w) => w.slice(0, 2)))) {
      const list = byWordStart.get(start);
      if (list) list.push(i);
      else byWordStart.set(start, [i]);
    }
  });

  const byPostcode = [...entries].sort(
    (a, b) => compareText(a.postcode, b.postcode) || byStateNamePostcode(a, b),
  );
  return { entries, byPostcode, byWordStart };
}

/** The parts of a query: suburb text and the optional state / postcode that narrow it. */
interface ParsedQuery {
  text: string;
  state: AuStateCode | null;
  postcode: string | null;
}

/**
 * "guildford nsw 2161" -> text "guildford", state NSW, postcode "2161". A state code or a four-digit postcode
 * narrows only when something is left to search for, so "wa" alone still looks for suburbs starting "wa".
 * A leading postcode ("2161 guildford") narrows too.
 */
function parseQuery(normalised: string): ParsedQuery {
  const words = normalised.split(' ');
  let state: AuStateCode | null = null;
  let postcode: string | null = null;
  const last = () => words[words.length - 1] ?? '';
  if (words.length > 1 && /^\d{4}$/.test(last())) postcode = words.pop() ?? null;
  const maybeState = last().toUpperCase();
  if (words.length > 1 && isStateCode(maybeState)) {
    state = maybeState;
    words.pop();
  }
  if (!postcode && words.length > 1 && /^\d{4}$/.test(words[0] ?? '')) postcode = words.shift() ?? null;
  return { text: words.join(' '), state, postcode };
}

/** 0 exact name, 1 the name starts with the text, 2 a later word does, -1 no match. */
function matchTier(key: string, text: string): number {
  if (key === text) return 0;
  if (key.startsWith(text)) return 1;
  return key.includes(` ${text}`) ? 2 : -1;
}

function toSuggestion(e: PostcodeEntry): AddressSuggestion {
  return {
    label: `${e.name} ${e.state} ${e.postcode}${e.poBox ? ` · ${PO_BOX_LABEL}` : ''}`,
    street_address: null,
    city: e.name,
    state: e.state,
    post_code: e.postcode,
    place_id: null,
  };
}

/** Postcodes starting with `digits` (in `state` when given), in postcode order: a run of `byPostcode`. */
function searchPostcodes(
  index: AuPostcodeIndex,
  digits: string,
  state: AuStateCode | null,
  limit: number,
): PostcodeEntry[] {
  const list = index.byPostcode;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.postcode ?? '') < digits) lo = mid + 1;
    else hi = mid;
  }
  const found: PostcodeEntry[] = [];
  for (let i = lo; i < list.length && found.length < limit; i++) {
    const entry = list[i];
    if (!entry?.postcode.startsWith(digits)) break;
    if (!state || entry.state === state) found.push(entry);
  }
  return found;
}

/** Suburbs whose normalised name contains `text` at a word start, best tier first (see matchTier). */
function searchNames(
  index: AuPostcodeIndex,
  { text, state, postcode }: ParsedQuery,
  limit: number,
): PostcodeEntry[] {
  // A match starts at a word that begins with the text's first word, so when that word has two letters
  // or more, only names with a word starting with those two letters can match; otherwise scan them all.
  const firstWord = text.split(' ')[0] ?? '';
  const positions =
    firstWord.length >= 2
      ? (index.byWordStart.get(firstWord.slice(0, 2)) ?? [])
      : index.entries.map((_, i) => i);

  const tiers: PostcodeEntry[][] = [[], [], []];
  for (const i of positions) {
    const entry = index.entries[i];
    if (!entry || (state && entry.state !== state) || (postcode && entry.postcode !== postcode)) continue;
    // `positions` ascend, so each tier keeps the index's tie order.
    const tier = matchTier(entry.key, text);
    if (tier >= 0) tiers[tier]?.push(entry);
  }
  // Street postcodes of every tier before any PO box one: "parramat" is Parramatta 2150 first, then the
  // other places, then Parramatta's PO boxes 2123, 2124, 1740 and 1741 (decision 0059).
  const found = tiers.flat();
  return [...found.filter((e) => !e.poBox), ...found.filter((e) => e.poBox)].slice(0, limit);
}

/**
 * Up to `limit` (default ADDRESS_SUGGESTION_LIMIT) Australian suburbs for what a shopper typed.
 *
 * - Digits only: postcodes by prefix ("216" -> 2160, 2161 ...), in postcode order ("2161 nsw" narrows).
 * - Text: suburb names by word prefix, case and punctuation ignored ("guildf", "st marys", "o'conn"),
 *   optionally narrowed by a trailing state code or postcode ("guildford nsw", "guildford 2161").
 *   Ranked: street postcodes before PO box ones (labelled "PO Boxes"), then exact name, then names starting
 *   with the text, then names with a later word starting with it; ties by state, then name, then postcode.
 *
 * Each suggestion is complete (street_address and place_id null). No match, or nothing searchable left
 * after normalising, answers an empty list.
 */
export function searchAuPostcodes(
  index: AuPostcodeIndex,
  query: string,
  limit: number = ADDRESS_SUGGESTION_LIMIT,
): AddressSuggestion[] {
  const normalised = normaliseSearchText(query);
  if (normalised === '') return [];
  const parsed = parseQuery(normalised);
  const found = /^\d+$/.test(parsed.text)
    ? searchPostcodes(index, parsed.text, parsed.state, limit)
    : searchNames(index, parsed, limit);
  return found.map(toSuggestion);
}

/** Reads and indexes the GeoNames file, logging how long it took. Rejects when the file cannot be read. */
export async function loadAuPostcodeIndex(
  log: FastifyBaseLogger,
  file: string = AU_POSTCODES_FILE,
): Promise<AuPostcodeIndex> {
  const started = performance.now();
  const index = buildAuPostcodeIndex(await readFile(file, 'utf8'));
  const ms = Math.round(performance.now() - started);
  log.info(`address lookup: indexed ${index.entries.length} GeoNames suburbs and postcodes in ${ms} ms`);
  return index;
}

/**
 * A getter that loads the index on its first call and shares it with every later one. A failed load is
 * not remembered, so the next request tries again (a file restored on disk is picked up).
 */
export function lazyAuPostcodeIndex(
  log: FastifyBaseLogger,
  file: string = AU_POSTCODES_FILE,
): () => Promise<AuPostcodeIndex> {
  let loading: Promise<AuPostcodeIndex> | undefined;
  return () => {
    loading ??= loadAuPostcodeIndex(log, file).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
