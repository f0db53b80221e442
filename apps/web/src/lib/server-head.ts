/**
 * What a page says about itself in the document's head — its part of the title and its meta description —
 * noted while the server renders it (entry-server.tsx), because in the browser the same hooks write
 * `document.title` and the description in effects, which do not run on the server (decision 0025).
 * Only the server starts a collection; in the browser `noteServerHead` does nothing.
 */
export interface ServerHead {
  /** The page's part of the title (`usePageTitle`), or null: the store's name alone. */
  pageTitle: string | null;
  /** The page's own meta description (`useMetaDescription`), or null: the store's. */
  description: string | null;
}

let collecting: ServerHead | null = null;

/**
 * Starts a new collection and returns it; what the next synchronous render notes lands in it. Renders are
 * synchronous (`renderToString`), so concurrent page renders cannot mix their notes.
 */
export function collectServerHead(): ServerHead {
  collecting = { pageTitle: null, description: null };
  return collecting;
}

/** Called during render by the head hooks; the last page to render (the innermost) wins. */
export function noteServerHead(note: Partial<ServerHead>): void {
  if (collecting) Object.assign(collecting, note);
}
