/**
 * Reads a PDF's text the way a person or an accounts package would: with `pdftotext` (Debian poppler-utils,
 * installed by .ci/run). Locally without it the tests that need it are skipped with a message; under CI=true a
 * missing pdftotext fails them instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether `pdftotext` can be run here. */
export const HAS_PDFTOTEXT = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

if (!HAS_PDFTOTEXT) {
  if (process.env.CI === 'true') {
    throw new Error('pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils)');
  }
  console.warn(
    'pdftotext not found: the tax invoice PDF tests are skipped (apt-get install -y poppler-utils)',
  );
}

/** The text of `pdf` (all pages), laid out as on the page (`pdftotext -layout`). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
