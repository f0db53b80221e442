/**
 * Renders a mail template into the two parts every store mail carries (issue 11): HTML, and plain text made
 * from the same template (React Email's `render` with `plainText`), so the two never say different things.
 */
import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** `{ html, text }` of `element`. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
