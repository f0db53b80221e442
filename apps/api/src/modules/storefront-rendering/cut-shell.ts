/**
 * A server-rendered page's document built in one concatenation (decision 0084). The shell of a page module
 * (index.html with the module's stylesheets inline and its scripts for /boot.js: the same for every page of that
 * module) is cut once where each page writes its own parts, and its text is kept as UTF-8 bytes; a page is those
 * bytes with its own parts between. Replacing the parts into the whole document one after another copied the
 * ~75 kB document at each step, about 4 ms of CPU a page, a fifth of rendering one. Encoding the shell's text once
 * saves another millisecond: joined with a page's two-byte text ("—", "’"), the shell's 43 kB of ASCII head became
 * two-byte too, and was encoded again for every page.
 */
import { DESCRIPTION_ELEMENT, EMPTY_ROOT, TITLE_ELEMENT, type IndexHtmlFill } from './render-index-html';

/** The places in the shell that a page fills. */
type Slot = 'title' | 'description' | 'head' | 'root' | 'state';

/** A shell cut at its slots: `text[i]` comes before `slots[i]`, and `text` has one more entry than `slots`. */
export interface CutShell {
  readonly text: readonly Buffer[];
  /** Each slot and the shell's own text there (what a page that has nothing for it keeps). */
  readonly slots: readonly { name: Slot; was: string }[];
}

/** One page's own parts, as HTML ready to insert. */
export interface PageParts {
  /** The title, description and preload for this page (indexHtmlFill); its first paint is not used. */
  fill: IndexHtmlFill;
  /** Elements for the end of `<head>`: React's hoisted `<title>`, `<meta>` and `<link>` elements. */
  head: string;
  /** The page's HTML, for the root element. */
  body: string;
  /** The state handed to the browser: JSON already safe inside a `<script>` element. */
  state: string;
}

/**
 * Cuts `shell` at its first `<title>` and meta description (as fillIndexHtml writes them), before its `</head>`,
 * at its empty root (EMPTY_ROOT) and before its `</body>`. A place the shell lacks is left out: a page then
 * writes nothing there, as a replace finding nothing did.
 */
export function cutShell(shell: string): CutShell {
  const found: { name: Slot; at: number; was: string }[] = [];
  const title = TITLE_ELEMENT.exec(shell);
  if (title) found.push({ name: 'title', at: title.index, was: title[0] });
  const description = DESCRIPTION_ELEMENT.exec(shell);
  if (description) found.push({ name: 'description', at: description.index, was: description[0] });
  const at = (name: Slot, text: string, was: string) => {
    const index = shell.indexOf(text);
    if (index >= 0) found.push({ name, at: index, was });
  };
  at('head', '</head>', '');
  at('root', EMPTY_ROOT, EMPTY_ROOT);
  at('state', '</body>', '');
  found.sort((a, b) => a.at - b.at);
  const text: Buffer[] = [];
  const slots: { name: Slot; was: string }[] = [];
  let from = 0;
  for (const slot of found) {
    // Overlapping places (a shell of an unexpected shape): the first one wins.
    if (slot.at < from) continue;
    text.push(Buffer.from(shell.slice(from, slot.at)));
    slots.push({ name: slot.name, was: slot.was });
    from = slot.at + slot.was.length;
  }
  text.push(Buffer.from(shell.slice(from)));
  return { text, slots };
}

/** The document of one page, as UTF-8: `cut` with `parts` written into its slots. */
export function fillShell(cut: CutShell, parts: PageParts): Buffer {
  const chunks: Buffer[] = [cut.text[0] ?? Buffer.alloc(0)];
  cut.slots.forEach((slot, i) => {
    chunks.push(Buffer.from(slotHtml(slot.name, slot.was, parts)), cut.text[i + 1] ?? Buffer.alloc(0));
  });
  return Buffer.concat(chunks);
}

function slotHtml(name: Slot, was: string, parts: PageParts): string {
  switch (name) {
    case 'title':
      return parts.fill.title;
    case 'description':
      return parts.fill.description ?? was;
    case 'head':
      return parts.head + parts.fill.preload;
    case 'root':
      return `<div id="root">${parts.body}</div>`;
    case 'state':
      return `<script type="application/json" id="ssr-state">${parts.state}</script>`;
  }
}
