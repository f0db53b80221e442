/**
 * A downloaded PDF's text, read with `pdftotext` (Debian poppler-utils, installed by .ci/run), and its first page as
 * a PNG (`pdftoppm`), for the tax invoice journey (issue 18 §3).
 */
import { execFileSync } from 'node:child_process';

/** The text of the PDF at `file`, laid out as on the page, with runs of spaces squeezed to one. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

/** Writes the first page of the PDF at `file` to `pngPathWithoutExtension` + `.png`, at `dpi`. */
export function pdfFirstPageToPng(file: string, pngPathWithoutExtension: string, dpi = 100): void {
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    pngPathWithoutExtension,
  ]);
}
