/**
 * In-process product search index (SPEC §7 /search-product; DESIGN §2 search; decisions 0003 and 0020).
 *
 * The same matching as the SQL search of `search-products.ts`, without a database round trip:
 * 1. every word of the query (`searchWordsOf`) must be a prefix of a lexeme of the product, where lexemes are
 *    what PostgreSQL's `to_tsvector('english', ...)` makes of the title, brand and category + tags and
 *    `to_tsvector('simple', ...)` of the SKU; the query's words go through the same english stemming and stop
 *    words (`batteries` -> `batteri`, `the` is dropped); an exact SKU comes first, then the products carrying
 *    the query as a part number however it is spaced or dashed (issue 15 §3, decision 0031; part numbers are
 *    ours, the SQL search has none);
 * 2. when nothing matches, each word is replaced by the nearest word of the catalog's vocabulary by pg_trgm
 *    trigram similarity (threshold 0.3; exact word first, then similarity, then alphabetical) and step 1 runs
 *    again; the corrected words are returned when that found something.
 * Ranking is ours: per query word, 1.0 for a title or SKU hit (weight A), 0.4 for a brand hit (B), 0.2 for a
 * category or tag hit (C), summed over the fields it hits; ties newest (highest id) first.
 *
 * Pure: no I/O. The text is split the way PostgreSQL's default text-search parser splits it (words, hyphenated
 * words and their parts, numbers, signed numbers, decimals, versions, file paths, hosts, URLs, e-mail addresses;
 * tags and entities are skipped) and stemmed by Snowball english (porter2, plus the 2023 Snowball rule that
 * PostgreSQL 18 has: `added` -> `add`). `search-index.test.ts` compares both with PGlite.
 */
import { stem as porter2 } from 'porter2';
import { normalizePartNumber } from '@store/shared/part-number';
import { searchWordsOf } from './search-products';

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
// 1. Splitting text the way PostgreSQL's default text-search parser ("default", wparser_def.c) does.
//
// The parser is a backtracking automaton: at each character a state tries its rules in order; some rules try a
// longer construct (a host name after "word.", a hyphenated word after "word-"...) and fall back to the next rule
// when that construct does not complete. Here each state is a function from a position to the end of the token
// (or FAIL); trying a construct is a call, falling back is trying the next rule after it returns FAIL. The token
// type of a success is left in `tokType`. Not modelled: <script>/<style> ignore mode, CJK, astral characters.
// ---------------------------------------------------------------------------------------------------------------

const enum Tok {
  AsciiWord = 1,
  Word,
  NumWord,
  Email,
  Url,
  Host,
  SciFloat,
  Version,
  NumPart,
  Part,
  AsciiPart,
  Blank,
  Tag,
  Protocol,
  NumHWord,
  AsciiHWord,
  HWord,
  UrlPath,
  File,
  Float,
  Int,
  UInt,
  Entity,
}

const FAIL = -1;
/** PostgreSQL stops reading a text at a backslash-escaped last character inside a quoted tag attribute. */
const STOP = -2;
const EOF = -1;

let src = '';
let srcLen = 0;
let tokType: Tok = Tok.Blank;
let tokStart = 0;
let wantHost = false;
let urlSlash = 0;

/** Letters, letter numbers (Ⅻ) and non-ASCII digits (٣) are word characters, as in the C.UTF-8 ctype. */
const LETTER = /[\p{L}\p{Nl}\p{Nd}]/u;
const MARK = /[\p{M}\p{Cf}]/u;
/** White space other than ASCII, as iswspace() in C.UTF-8 sees it (no-break spaces are not). */
const SPACE = /[\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]/;

const at = (i: number): number => (i < srcLen ? src.charCodeAt(i) : EOF);
const isAscLet = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => isAscLet(c) || (c > 127 && LETTER.test(String.fromCharCode(c)));
const isAlnum = (c: number): boolean => isAlpha(c) || isDigit(c);
/** Zero-width and combining marks: part of a word, never its start. */
const isSpecial = (c: number): boolean => c > 127 && MARK.test(String.fromCharCode(c));
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || (c > 127 && SPACE.test(String.fromCharCode(c)));
const isXDigit = (c: number): boolean => isDigit(c) || ((c | 32) >= 97 && (c | 32) <= 102);
/** ASCII printable, not space, none of `"<>\^`{|}` (RFC 3986). */
const isUrlChar = (c: number): boolean =>
  c > 32 &&
  c < 127 &&
  c !== 34 &&
  c !== 60 &&
  c !== 62 &&
  c !== 92 &&
  c !== 94 &&
  c !== 96 &&
  !(c >= 123 && c <= 125);

const C_MINUS = 45;
const C_PLUS = 43;
const C_DOT = 46;
const C_SLASH = 47;
const C_UNDERSCORE = 95;
const C_AT = 64;
const C_COLON = 58;
const C_LT = 60;
const C_GT = 62;
const C_AMP = 38;
const C_TILDE = 126;
const C_HASH = 35;
const C_SEMI = 59;

function done(type: Tok, end: number): number {
  tokType = type;
  return end;
}

function base(i: number): number {
  tokStart = i;
  const c = at(i);
  let r: number;
  if (c === C_LT && (r = tagFirst(i + 1)) !== FAIL) return r; // or STOP
  if (isAscLet(c)) return asciiWord(i + 1);
  if (isAlpha(c)) return word(i + 1);
  if (isDigit(c)) return unsignedInt(i + 1);
  if ((c === C_MINUS || c === C_PLUS) && (r = signedIntFirst(i + 1)) !== FAIL) return r;
  if (c === C_AMP && (r = entityFirst(i + 1)) !== FAIL) return r;
  if (c === C_TILDE && (r = fileTwiddle(i + 1)) !== FAIL) return r;
  if (c === C_SLASH && (r = fileFirst(i + 1)) !== FAIL) return r;
  if (c === C_DOT && (r = pathFirstFirst(i + 1)) !== FAIL) return r;
  return space(i + 1);
}

function space(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF || c === C_LT || c === C_MINUS || c === C_PLUS || c === C_AMP || c === C_SLASH) break;
    if (isAlnum(c)) break;
    i++;
  }
  return done(Tok.Blank, i);
}

/** The end found by a first construct, else (tried only then) by `b`, from the same position. */
function either(r: number, b: () => number): number {
  return r !== FAIL ? r : b();
}

function asciiWord(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return done(Tok.AsciiWord, i);
    if (isAscLet(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_DOT) r = either(hostFirstDomain(i + 1), () => fileNext(i + 1));
    else if (c === C_MINUS) r = either(hostFirstAN(i + 1), () => hyphenAsciiWordFirst(i + 1));
    else if (c === C_UNDERSCORE) r = hostFirstAN(i + 1);
    else if (c === C_AT) r = email(i + 1);
    else if (c === C_COLON) r = protocolFirst(i + 1);
    else if (c === C_SLASH) r = fileFirst(i + 1);
    else if (isDigit(c)) return either(host(i + 1), () => numWord(i + 1));
    else if (isAlpha(c) || isSpecial(c)) return word(i + 1);
    return r !== FAIL ? r : done(Tok.AsciiWord, i);
  }
}

function word(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return done(Tok.Word, i);
    if (isAlpha(c) || isSpecial(c)) {
      i++;
      continue;
    }
    if (isDigit(c)) return numWord(i + 1);
    if (c === C_MINUS) return either(hyphenWordFirst(i + 1), () => done(Tok.Word, i));
    return done(Tok.Word, i);
  }
}

function numWord(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return done(Tok.NumWord, i);
    if (isAlnum(c) || isSpecial(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_AT) r = email(i + 1);
    else if (c === C_SLASH) r = fileFirst(i + 1);
    else if (c === C_DOT) r = fileNext(i + 1);
    else if (c === C_MINUS) r = hyphenNumWordFirst(i + 1);
    return r !== FAIL ? r : done(Tok.NumWord, i);
  }
}

function unsignedInt(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return done(Tok.UInt, i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_DOT) r = either(hostFirstDomain(i + 1), () => unsignedDecimalFirst(i + 1));
    else if (c === 101 || c === 69) {
      // 1e5 (scientific), else like any other letter: 1ex.com (host), 1ex (numword)
      r = either(mantissaFirst(i + 1), () => host(i + 1));
      return r !== FAIL ? r : numWord(i + 1);
    } else if (c === C_MINUS || c === C_UNDERSCORE) r = hostFirstAN(i + 1);
    else if (c === C_AT) r = email(i + 1);
    else if (isAscLet(c)) return either(host(i + 1), () => numWord(i + 1));
    else if (isAlpha(c) || isSpecial(c)) return numWord(i + 1);
    else if (c === C_SLASH) r = fileFirst(i + 1);
    return r !== FAIL ? r : done(Tok.UInt, i);
  }
}

function signedIntFirst(i: number): number {
  return isDigit(at(i)) ? signedInt(i + 1) : FAIL;
}

function signedInt(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_DOT) r = decimalFirst(i + 1);
    else if (c === 101 || c === 69) r = mantissaFirst(i + 1);
    return r !== FAIL ? r : done(Tok.Int, i);
  }
}

function unsignedDecimalFirst(i: number): number {
  return isDigit(at(i)) ? unsignedDecimal(i + 1) : FAIL;
}

function unsignedDecimal(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_DOT) r = versionFirst(i + 1);
    else if (c === 101 || c === 69) r = mantissaFirst(i + 1);
    return r !== FAIL ? r : done(Tok.Float, i);
  }
}

function decimalFirst(i: number): number {
  return isDigit(at(i)) ? decimal(i + 1) : FAIL;
}

function decimal(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    let r = FAIL;
    // "-1.2.3": the sign alone is a blank and the version is read from the first digit on.
    if (c === C_DOT) r = isDigit(at(i + 1)) ? done(Tok.Blank, tokStart + 1) : FAIL;
    else if (c === 101 || c === 69) r = mantissaFirst(i + 1);
    return r !== FAIL ? r : done(Tok.Float, i);
  }
}

function versionFirst(i: number): number {
  return isDigit(at(i)) ? version(i + 1) : FAIL;
}

function version(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    const r = c === C_DOT ? versionFirst(i + 1) : FAIL;
    return r !== FAIL ? r : done(Tok.Version, i);
  }
}

function mantissaFirst(i: number): number {
  const c = at(i);
  if (isDigit(c)) return mantissa(i + 1);
  if ((c === C_PLUS || c === C_MINUS) && isDigit(at(i + 1))) return mantissa(i + 2);
  return FAIL;
}

function mantissa(i: number): number {
  while (isDigit(at(i))) i++;
  return done(Tok.SciFloat, i);
}

// Host names: "example.com", "my-shop.com.au", "foo.com:8080"; the last label has 2+ ASCII letters.
function hostFirstDomain(i: number): number {
  const c = at(i);
  if (isAscLet(c)) return hostDomainSecond(i + 1);
  if (isDigit(c)) return host(i + 1);
  return FAIL;
}

function hostDomainSecond(i: number): number {
  const c = at(i);
  if (isAscLet(c)) return hostDomain(i + 1);
  if (isDigit(c)) return host(i + 1);
  if (c === C_MINUS || c === C_UNDERSCORE) return hostFirstAN(i + 1);
  if (c === C_DOT) return hostFirstDomain(i + 1);
  if (c === C_AT) return email(i + 1);
  return FAIL;
}

function hostDomain(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return done(Tok.Host, i);
    if (isAscLet(c)) {
      i++;
      continue;
    }
    if (isDigit(c)) return host(i + 1);
    let r = FAIL;
    if (c === C_COLON) r = portFirst(i + 1);
    else if (c === C_MINUS || c === C_UNDERSCORE) r = hostFirstAN(i + 1);
    else if (c === C_DOT) r = hostFirstDomain(i + 1);
    else if (c === C_AT) r = email(i + 1);
    return r !== FAIL ? r : hostEnd(i);
  }
}

function hostEnd(i: number): number {
  if (wantHost) {
    wantHost = false;
    return done(Tok.Host, i);
  }
  if (at(i) === C_SLASH) {
    const r = fullUrl(i + 1);
    if (r !== FAIL) return r;
  }
  return done(Tok.Host, i);
}

function portFirst(i: number): number {
  return isDigit(at(i)) ? port(i + 1) : FAIL;
}

function port(i: number): number {
  while (isDigit(at(i))) i++;
  if (at(i) === EOF) return done(Tok.Host, i);
  return hostEnd(i);
}

function hostFirstAN(i: number): number {
  const c = at(i);
  return isDigit(c) || isAscLet(c) ? host(i + 1) : FAIL;
}

function host(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c) || isAscLet(c)) {
      i++;
      continue;
    }
    if (c === C_AT) return email(i + 1);
    if (c === C_DOT) return hostFirstDomain(i + 1);
    if (c === C_MINUS || c === C_UNDERSCORE) return hostFirstAN(i + 1);
    return FAIL;
  }
}

/** After "local@": an e-mail address when a host name follows. */
function email(i: number): number {
  if (wantHost) {
    wantHost = false;
    return FAIL;
  }
  if (i >= srcLen) return FAIL;
  const savedStart = tokStart;
  wantHost = true;
  const end = base(i);
  const isHost = tokType === Tok.Host;
  wantHost = false;
  tokStart = savedStart;
  return isHost ? done(Tok.Email, end) : FAIL;
}

/** After "host/": a URL when a path of URL characters follows; `urlSlash` keeps where the host ends. */
function fullUrl(i: number): number {
  if (!isUrlChar(at(i))) return FAIL;
  let end = i + 1;
  while (isUrlChar(at(end))) end++;
  urlSlash = i - 1;
  return done(Tok.Url, end);
}

function protocolFirst(i: number): number {
  return at(i) === C_SLASH && at(i + 1) === C_SLASH ? done(Tok.Protocol, i + 2) : FAIL;
}

// File paths: "60/55w", "1/2in", "m12x1.25", "../a/b", "~/x".
const isFileChar = (c: number): boolean => isAscLet(c) || isDigit(c) || c === C_UNDERSCORE;

function fileFirst(i: number): number {
  const c = at(i);
  if (isFileChar(c)) return file(i + 1);
  if (c === C_DOT) return pathFirst(i + 1);
  if (c === C_TILDE) return fileTwiddle(i + 1);
  return FAIL;
}

function fileTwiddle(i: number): number {
  const c = at(i);
  if (isFileChar(c)) return file(i + 1);
  if (c === C_SLASH) return fileFirst(i + 1);
  return FAIL;
}

function pathFirst(i: number): number {
  const c = at(i);
  if (isFileChar(c)) return file(i + 1);
  if (c === C_DOT) return pathSecond(i + 1);
  if (c === C_SLASH) return fileFirst(i + 1);
  return FAIL;
}

function pathFirstFirst(i: number): number {
  const c = at(i);
  if (c === C_DOT) return pathSecond(i + 1);
  if (c === C_SLASH) return fileFirst(i + 1);
  return FAIL;
}

function pathSecond(i: number): number {
  const c = at(i);
  if (c === EOF || isSpace(c)) return done(Tok.File, i);
  if (c === C_SLASH) return either(fileFirst(i + 1), () => done(Tok.File, i));
  return FAIL;
}

function file(i: number): number {
  for (;;) {
    const c = at(i);
    if (isFileChar(c) || c === C_MINUS) {
      i++;
      continue;
    }
    let r = FAIL;
    if (c === C_DOT) r = fileNext(i + 1);
    else if (c === C_SLASH) r = fileFirst(i + 1);
    return r !== FAIL ? r : done(Tok.File, i);
  }
}

function fileNext(i: number): number {
  return isFileChar(at(i)) ? file(i + 1) : FAIL;
}

// Hyphenated words: "tie-downs", "d-max", "bg-55d23". "aus-10000" is not one: after a hyphen, digits count only
// when a letter follows them.
function hyphenAsciiWordFirst(i: number): number {
  const c = at(i);
  if (isAscLet(c)) return hyphenAsciiWord(i + 1);
  if (isAlpha(c)) return hyphenWord(i + 1);
  if (isDigit(c)) return hyphenDigitLookahead(i + 1);
  return FAIL;
}

function hyphenAsciiWord(i: number): number {
  for (;;) {
    const c = at(i);
    if (isAscLet(c)) {
      i++;
      continue;
    }
    if (c === EOF) return done(Tok.AsciiHWord, i);
    if (isAlpha(c) || isSpecial(c)) return hyphenWord(i + 1);
    if (isDigit(c)) return hyphenNumWord(i + 1);
    if (c === C_MINUS) return either(hyphenAsciiWordFirst(i + 1), () => done(Tok.AsciiHWord, i));
    return done(Tok.AsciiHWord, i);
  }
}

function hyphenWordFirst(i: number): number {
  const c = at(i);
  if (isAlpha(c)) return hyphenWord(i + 1);
  if (isDigit(c)) return hyphenDigitLookahead(i + 1);
  return FAIL;
}

function hyphenWord(i: number): number {
  for (;;) {
    const c = at(i);
    if (isAlpha(c) || isSpecial(c)) {
      i++;
      continue;
    }
    if (c === EOF) return done(Tok.HWord, i);
    if (isDigit(c)) return hyphenNumWord(i + 1);
    if (c === C_MINUS) return either(hyphenWordFirst(i + 1), () => done(Tok.HWord, i));
    return done(Tok.HWord, i);
  }
}

function hyphenNumWordFirst(i: number): number {
  const c = at(i);
  if (isAlpha(c)) return hyphenNumWord(i + 1);
  if (isDigit(c)) return hyphenDigitLookahead(i + 1);
  return FAIL;
}

function hyphenNumWord(i: number): number {
  for (;;) {
    const c = at(i);
    if (isAlnum(c) || isSpecial(c)) {
      i++;
      continue;
    }
    if (c === C_MINUS) return either(hyphenNumWordFirst(i + 1), () => done(Tok.NumHWord, i));
    return done(Tok.NumHWord, i);
  }
}

function hyphenDigitLookahead(i: number): number {
  for (;;) {
    const c = at(i);
    if (isDigit(c)) {
      i++;
      continue;
    }
    if (isAlpha(c) || isSpecial(c)) return hyphenNumWord(i + 1);
    return FAIL;
  }
}

// The parts of a hyphenated word, read again from its start. Like PostgreSQL, this goes on past the compound's
// end while hyphens join more parts ("vc-ns40-330" is "vc-ns40", "vc", "ns40", then "330").
function partEnd(i: number, type: Tok.AsciiPart | Tok.Part | Tok.NumPart): number {
  for (;;) {
    const c = at(i);
    if (type === Tok.AsciiPart && isAscLet(c)) i++;
    else if (type !== Tok.NumPart && (isAlpha(c) || isSpecial(c))) {
      if (type === Tok.AsciiPart) type = Tok.Part;
      i++;
    } else if (isDigit(c) || (type === Tok.NumPart && (isAlnum(c) || isSpecial(c)))) {
      type = Tok.NumPart;
      i++;
    } else return done(type, i);
  }
}

function hyphenParts(i: number, emit: (type: Tok, start: number, end: number) => void): number {
  for (;;) {
    const c = at(i);
    let end: number;
    if (isAscLet(c)) end = partEnd(i + 1, Tok.AsciiPart);
    else if (isAlpha(c)) end = partEnd(i + 1, Tok.Part);
    else if (isDigit(c)) {
      let j = i + 1;
      while (isDigit(at(j))) j++;
      const d = at(j);
      if (!(isAlpha(d) || isSpecial(d))) return i; // digits alone: read again as a number
      end = partEnd(j + 1, Tok.NumPart);
    } else if (c === C_MINUS) {
      const d = at(i + 1);
      if (!(isAlnum(d) || isSpecial(d))) return i;
      i++;
      continue;
    } else return i;
    emit(tokType, i, end);
    i = end;
  }
}

// Markup, skipped: <b>, </p>, <br/>, <a href="...">, <!-- ... -->, <!DOCTYPE ...>, <?xml ...>, &amp; &#39; &#x27;
function tagFirst(i: number): number {
  const c = at(i);
  if (c === C_SLASH) return isAscLet(at(i + 1)) ? tagName(i + 2) : FAIL;
  if (c === 33) return commentFirst(i + 1);
  if (c === 63) return at(i + 1) === 120 ? tag(i + 2) : FAIL;
  if (isAscLet(c) || c === C_COLON || c === C_UNDERSCORE) return tagName(i + 1);
  return FAIL;
}

function tagName(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === C_SLASH) return at(i + 1) === C_GT ? done(Tok.Tag, i + 2) : FAIL;
    if (c === C_GT) return done(Tok.Tag, i + 1);
    if (c !== EOF && isSpace(c)) return tag(i + 1);
    if (isAlnum(c) || c === C_COLON || c === C_UNDERSCORE || c === C_DOT || c === C_MINUS) {
      i++;
      continue;
    }
    return FAIL;
  }
}

const TAG_CHARS = new Set([...'=-_#/:.&?%~'].map((ch) => ch.charCodeAt(0)));

function tag(i: number): number {
  for (;;) {
    const c = at(i);
    if (c === EOF) return FAIL;
    if (c === C_GT) return done(Tok.Tag, i + 1);
    if (c === 39 || c === 34) {
      // a quoted value; a backslash escapes the next character
      i++;
      for (;;) {
        const q = at(i);
        if (q === EOF) return FAIL;
        if (q === 92 && at(i + 1) !== EOF) {
          if (i + 2 === srcLen) return STOP;
          i += 2;
        } else if (q === c) break;
        else i++;
      }
      i++;
      continue;
    }
    if (isAscLet(c) || isDigit(c) || TAG_CHARS.has(c) || isSpace(c)) {
      i++;
      continue;
    }
    return FAIL;
  }
}

function commentFirst(i: number): number {
  const c = at(i);
  if (c === 68 || c === 100) return tag(i + 1);
  if (c !== C_MINUS || at(i + 1) !== C_MINUS) return FAIL;
  i += 2;
  for (;;) {
    const c2 = at(i);
    if (c2 === EOF) return FAIL;
    if (c2 === C_MINUS && at(i + 1) === C_MINUS) {
      let j = i + 2;
      while (at(j) === C_MINUS) j++;
      if (at(j) === C_GT) return done(Tok.Tag, j + 1);
      if (at(j) === EOF) return FAIL;
      i = j;
      continue;
    }
    i++;
  }
}

function entityFirst(i: number): number {
  const c = at(i);
  if (c === C_HASH) {
    const d = at(i + 1);
    let j = i + 2;
    if (d === 120 || d === 88) {
      if (!isXDigit(at(j))) return FAIL;
      while (isXDigit(at(j))) j++;
    } else if (isDigit(d)) while (isDigit(at(j))) j++;
    else return FAIL;
    return at(j) === C_SEMI ? done(Tok.Entity, j + 1) : FAIL;
  }
  if (!(isAscLet(c) || c === C_COLON || c === C_UNDERSCORE)) return FAIL;
  for (let j = i + 1; ; j++) {
    const d = at(j);
    if (d === C_SEMI) return done(Tok.Entity, j + 1);
    if (!(isAlnum(d) || d === C_COLON || d === C_UNDERSCORE || d === C_DOT || d === C_MINUS)) return FAIL;
  }
}

/** Calls `emit` with each token of `text` (type, start, end), blanks included, in order. */
function parseText(text: string, emit: (type: Tok, start: number, end: number) => void): void {
  src = text;
  srcLen = text.length;
  wantHost = false;
  let i = 0;
  while (i < srcLen) {
    let end = base(i);
    if (end === STOP) break;
    const type = tokType;
    if (end <= i) end = i + 1; // never happens; keeps the loop finite whatever the input
    if (type === Tok.Url) {
      const slash = urlSlash;
      emit(Tok.Url, i, end);
      emit(Tok.Host, i, slash);
      emit(Tok.UrlPath, slash, end);
      i = end;
    } else {
      emit(type, i, end);
      i = type === Tok.AsciiHWord || type === Tok.HWord || type === Tok.NumHWord ? hyphenParts(i, emit) : end;
    }
  }
  src = '';
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Lexemes: what to_tsvector keeps of each token.
// ---------------------------------------------------------------------------------------------------------------

/** PostgreSQL's english stop words (`english.stop`), dropped by `english_stem`. */
const ENGLISH_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is are ' +
    'was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out ' +
    'on off over under again further then once here there when where why how all any both each few more most ' +
    'other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

const AEO_DOUBLE = /^[aeo](bb|dd|ff|gg|mm|nn|pp|rr|tt)/;

/**
 * Snowball english as PostgreSQL 18 has it: porter2, plus Snowball's 2023 rule that a double consonant after
 * a lone leading a/e/o is kept (`added` -> `add`, `offing` -> `off`; PostgreSQL 15-17 say `ad`, `of`).
 */
function snowballEnglish(word: string): string {
  const s = porter2(word);
  return s.length === 2 && AEO_DOUBLE.test(word) && word.startsWith(s) ? word.slice(0, 3) : s;
}

const stemCache = new Map<string, string>();

/** `english_stem`: '' for a stop word, else the stem. */
function englishStem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = ENGLISH_STOP_WORDS.has(word) ? '' : snowballEnglish(word);
    if (stemCache.size < 200_000) stemCache.set(word, s);
  }
  return s;
}

/** Lower case; accents are taken off non-ASCII text the way `searchWordsOf` takes them off a query. */
function fold(token: string): string {
  let plain = true;
  for (let k = 0; k < token.length; k++) {
    const c = token.charCodeAt(k);
    if (c > 127)
      return token
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '');
    if (c >= 65 && c <= 90) plain = false;
  }
  return plain ? token : token.toLowerCase();
}

/** Token types `english` stems; token types to_tsvector leaves out (blanks, tags, entities, protocols). */
const STEMMED: boolean[] = [];
for (const t of [Tok.AsciiWord, Tok.Word, Tok.AsciiHWord, Tok.HWord, Tok.AsciiPart, Tok.Part])
  STEMMED[t] = true;
const SKIPPED: boolean[] = [];
for (const t of [Tok.Blank, Tok.Tag, Tok.Entity, Tok.Protocol]) SKIPPED[t] = true;

/** A spelling-vocabulary word: 3 or more letters a-z (`refreshSearchWords`). */
function isVocabularyWord(token: string): boolean {
  if (token.length < 3) return false;
  for (let k = 0; k < token.length; k++) {
    const c = token.charCodeAt(k);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** Where `readLexemes` sends what it finds (set before each call; module state keeps the parse allocation-free). */
let onLexeme: (lexeme: string) => void = () => {};
let onWord: ((word: string) => void) | null = null;
let stemming = true;

function readToken(type: Tok, start: number, end: number): void {
  if (SKIPPED[type]) return;
  const token = fold(src.slice(start, end));
  const lexeme = stemming && STEMMED[type] ? englishStem(token) : token;
  if (lexeme) onLexeme(lexeme);
  if (onWord && isVocabularyWord(token)) onWord(token);
}

/**
 * Calls `lexeme` with each lexeme to_tsvector(config, text) makes (repeats included) and `word`, when given,
 * with each vocabulary word of the text.
 */
function readLexemes(
  text: string,
  config: 'english' | 'simple',
  lexeme: (lexeme: string) => void,
  word: ((word: string) => void) | null = null,
): void {
  onLexeme = lexeme;
  onWord = word;
  stemming = config === 'english';
  parseText(text, readToken);
  onLexeme = () => {};
  onWord = null;
}

/**
 * The distinct lexemes `to_tsvector(config, text)` gives (english: stemmed words, stop words dropped, numbers and
 * other tokens as they are; simple: every token as it is), lower-cased, with accents taken off non-ASCII words.
 * Exported for the equivalence test with PostgreSQL.
 */
export function tsvectorLexemes(text: string, config: 'english' | 'simple'): string[] {
  const out = new Set<string>();
  readLexemes(text, config, (l) => out.add(l));
  return [...out];
}

/** The words of 3+ letters a-z of a text, as `refreshSearchWords` takes them into `search_words`. */
export function vocabularyWords(text: string): string[] {
  const out = new Set<string>();
  readLexemes(
    text,
    'simple',
    () => {},
    (w) => out.add(w),
  );
  return [...out];
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Trigram similarity, as pg_trgm's similarity().
// ---------------------------------------------------------------------------------------------------------------

/** pg_trgm's trigrams of a text: each alphanumeric word, lower-cased, as "  word ", cut in threes, distinct. */
function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let k = 0; k + 3 <= padded.length; k++) out.add(padded.slice(k, k + 3));
  }
  return out;
}

/**
 * pg_trgm `similarity(a, b)`: shared trigrams / all trigrams of both, as a 4-byte float (0 when either has
 * none). Words (runs of letters and digits) are padded with two spaces before and one after.
 */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return Math.fround(shared / (ta.size + tb.size - shared));
}

/** pg_trgm.similarity_threshold, the `%` operator's bar. */
const SIMILARITY_THRESHOLD = 0.3;

// ---------------------------------------------------------------------------------------------------------------
// 4. The index.
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
/** Scores are kept in a byte: 8 words of 8 at most, more only when one word is read as several lexemes. */
const MAX_SCORE = 255;

interface IndexData extends SearchIndex {
  /** Product ids by document number, ascending. */
  ids: Int32Array;
  /** lower(sku) -> document number. */
  bySku: Map<string, number>;
  /**
   * `normalizePartNumber` of each part number -> the documents carrying it (one number, or several when brands
   * share it), ascending. SKUs are not in it: an exact SKU is matched as typed, as the SQL search does.
   */
  byPartNumber: Map<string, number | number[]>;
  /** Every lexeme, sorted; lexeme k's postings are postDocs/postFields[postStart[k] .. postStart[k + 1]). */
  lexemes: string[];
  postStart: Int32Array;
  postDocs: Int32Array;
  /** Fields (A|B|C bits) the lexeme occurs in, per posting. */
  postFields: Uint8Array;
  /** The spelling vocabulary: words of 3+ letters a-z, sorted; and trigram -> vocabulary word numbers. */
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

/**
 * Builds the search index of SPEC §7 /search-product over `docs` (any order; ids unique). For 100,000 generated
 * products: about 1.6 s of CPU and 17 MB (heap and array buffers), as `npx tsx apps/api/bench/search-index-bench.ts`
 * reports. Per product it keeps its id, its lower-case
 * SKU and one posting (document number + field bits) per distinct lexeme; plus the vocabulary by trigram and
 * scratch space of two bytes per product.
 */
export function buildSearchIndex(docs: Iterable<SearchDocument>): SearchIndex {
  const sorted = [...docs].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const ids = new Int32Array(n);
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
  const addWord = (w: string) => vocabularySet.add(w);
  const fieldsOfDoc = new Map<string, number>();
  let field = 0;
  const addLexeme = (l: string) => fieldsOfDoc.set(l, (fieldsOfDoc.get(l) ?? 0) | field);
  // Brand, category and tag texts repeat across products: each distinct one is read once.
  const fieldCache = new Map<string, string[]>();
  const readCached = (text: string, fieldBit: number) => {
    let lexemes = fieldCache.get(text);
    if (!lexemes) {
      const found = new Set<string>();
      readLexemes(text, 'english', (l) => found.add(l), addWord);
      lexemes = [...found];
      fieldCache.set(text, lexemes);
    }
    for (const l of lexemes) fieldsOfDoc.set(l, (fieldsOfDoc.get(l) ?? 0) | fieldBit);
  };

  for (let d = 0; d < n; d++) {
    const doc = sorted[d] as SearchDocument;
    ids[d] = doc.id;
    bySku.set(doc.sku.toLowerCase(), d);
    fieldsOfDoc.clear();
    field = FIELD_A;
    readLexemes(doc.title, 'english', addLexeme, addWord);
    readLexemes(doc.sku, 'simple', addLexeme, addWord);
    for (const partNumber of doc.partNumbers ?? []) {
      // Words of a part number (`04465-0k240` -> `04465`, `0k240`...) and the number as one word (`044650k240`).
      readLexemes(partNumber, 'simple', addLexeme, addWord);
      addLexeme(normalizePartNumber(partNumber).toLowerCase());
      addPartNumber(partNumber, d);
    }
    readCached(doc.brand, FIELD_B);
    readCached(doc.category, FIELD_C);
    readCached(doc.tags, FIELD_C);
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
  }

  // Lexemes sorted (for prefix ranges), postings grouped by lexeme in document order (a stable counting sort).
  const order = lexemeList
    .map((_, k) => k)
    .sort((a, b) => compare(lexemeList[a] as string, lexemeList[b] as string));
  const rank = new Int32Array(order.length);
  order.forEach((k, r) => (rank[k] = r));
  const lexemes = order.map((k) => lexemeList[k] as string);
  const postStart = new Int32Array(lexemes.length + 1);
  for (let p = 0; p < postLexeme.length; p++) {
    const r = rank[postLexeme.data[p] as number] as number;
    postStart[r + 1] = (postStart[r + 1] as number) + 1;
  }
  for (let r = 0; r < lexemes.length; r++)
    postStart[r + 1] = (postStart[r + 1] as number) + (postStart[r] as number);
  const fill = postStart.slice(0, lexemes.length);
  const postDocs = new Int32Array(postLexeme.length);
  const postFields = new Uint8Array(postLexeme.length);
  for (let p = 0; p < postLexeme.length; p++) {
    const r = rank[postLexeme.data[p] as number] as number;
    const slot = fill[r] as number;
    fill[r] = slot + 1;
    postDocs[slot] = postDoc.data[p] as number;
    postFields[slot] = postField.data[p] as number;
  }

  const vocabulary = [...vocabularySet].sort(compare);
  const vocabularyNumber = new Map(vocabulary.map((w, i) => [w, i] as const));
  const vocabularyTrigramCount = new Uint16Array(vocabulary.length);
  const byTrigram = new Map<string, number[]>();
  vocabulary.forEach((w, i) => {
    const trigrams = trigramsOf(w);
    vocabularyTrigramCount[i] = trigrams.size;
    for (const t of trigrams) {
      const list = byTrigram.get(t);
      if (list) list.push(i);
      else byTrigram.set(t, [i]);
    }
  });
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

/** The lexemes of one query word, as to_tsquery('english', 'word:*') sees them ([] for a stop word). */
function queryLexemes(word: string): string[] {
  const out: string[] = [];
  readLexemes(word, 'english', (l) => out.push(l));
  return out;
}

/**
 * The documents having every prefix (AND), each scored in `scores` by the fields its words occur in: the first
 * `count` entries of `ix.matches`. The work follows the postings of the query's prefixes and the documents still
 * matching, never the whole catalog (issue 13: the cost of a search does not grow with the catalog, only with
 * what it finds). The caller clears `scores` of the matches when done (rankedIds does).
 */
function matchAll(ix: IndexData, prefixes: string[]): number {
  const { scores, wordFields, lexemes, postStart, postDocs, postFields, matches, touched } = ix;
  let count = 0;
  for (let w = 0; w < prefixes.length; w++) {
    const prefix = prefixes[w] as string;
    const from = lowerBound(lexemes, prefix);
    let to = from;
    while (to < lexemes.length && (lexemes[to] as string).startsWith(prefix)) to++;
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
  const matched = matchAll(ix, words.flatMap(queryLexemes));
  return rankedIds(ix, matched, exactDocsOf(ix, raw));
}

/** The vocabulary word nearest to `word` (itself when known or when nothing is at least 0.3 similar). */
function correctWord(ix: IndexData, word: string): string {
  if (ix.vocabularyNumber.has(word)) return word;
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
 * Returns every matching product id, best first: the exact SKU and part numbers, then by score (title/SKU 1.0, brand 0.4,
 * category/tags 0.2 per word and field), ties highest id first. When nothing matches, the words are spelling-
 * corrected against the catalog's vocabulary and searched again; `corrected` (the corrected words, space-
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
  const fixed = words.map((w) => correctWord(ix, w));
  if (fixed.every((w, i) => w === words[i])) return { ids };
  const again = fullText(ix, raw, fixed);
  return again.length > 0 ? { ids: again, corrected: fixed.join(' ') } : { ids: again };
}
