/**
 * The store's outbox as the journeys read it: the store started by Playwright writes every mail as an `.eml`
 * file to `<E2E_DATA_DIR>/outbox` (DESIGN §3). Mails are parsed with mailparser, so quoted-printable text and
 * folded headers read as a person would read them. A journey with a store of its own (admin-store.ts) passes that
 * store's `dataDir`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  html: string;
  /** The raw message, headers included. */
  raw: string;
}

/**
 * The newest mail whose raw message or text holds `marker` (an address, a subject, an invoice number), or null
 * when there is none yet. Poll it: mail is sent after the request that causes it is answered.
 */
export async function mailFromOutbox(marker: string, dataDir?: string): Promise<OutboxMail | null> {
  const outbox = path.join(dataDir ?? process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const dated = await Promise.all(
    files.map(async (f) => ({ file: path.join(outbox, f), at: (await stat(path.join(outbox, f))).mtimeMs })),
  );
  for (const { file } of dated.sort((a, b) => b.at - a.at)) {
    const raw = await readFile(file, 'utf8');
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    if (!raw.includes(marker) && !text.includes(marker)) continue;
    const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
    return { to, subject: parsed.subject ?? '', text, html: parsed.html || '', raw };
  }
  return null;
}
