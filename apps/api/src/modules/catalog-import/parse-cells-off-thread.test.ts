import { describe, expect, it, vi } from 'vitest';
import { htmlCell, plainTextCell } from './cell-parsers';
import { detectCatalogFormat } from './detect-csv-format';
import { generateCatalogCsv } from './generate-catalog-csv';
import { parseCatalogCsv, parseCatalogCsvInSlices } from './parse-catalog-csv';
import { OFF_THREAD_MIN_BYTES, parseCellsOffThread, type OffThreadCells } from './parse-cells-off-thread';
import { scanCsvTable, type CsvRecord } from './read-csv-table';

const now = new Date('2026-12-01T00:00:00Z');

/**
 * Reads `csv` into a worker as the import does, then waits (20 s at most) for `until`, or for every cell to be
 * answered.
 */
async function runWorker(csv: string, options: { entry?: URL; until?: () => boolean } = {}) {
  const records: CsvRecord[] = [];
  let cells: OffThreadCells | null = null;
  const header = scanCsvTable(csv, (found) => {
    const spec = detectCatalogFormat(found.headers).spec;
    cells = parseCellsOffThread(found, spec, options.entry ? { entry: options.entry } : {});
    return (record) => {
      records.push(record);
      cells?.add(record);
    };
  });
  const started = cells as OffThreadCells | null;
  if (!started) throw new Error('no worker started');
  started.flush();
  const sent = (column: string) => {
    const index = header.columnIndex(column);
    return records.filter((r) => (r.values[index] ?? '') !== '').length;
  };
  const expected = sent('Description') + sent('Short description');
  const done = options.until ?? (() => started.answered >= expected);
  const deadline = Date.now() + 20_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return { cells: started, records, header, expected };
}

describe('parseCellsOffThread (decision 0094)', () => {
  it('answers every description with what the format parses on the main thread', async () => {
    const csv = generateCatalogCsv({ count: 600, seed: 7 });
    const { cells, records, header, expected } = await runWorker(csv);
    try {
      expect(expected).toBeGreaterThan(1000);
      expect(cells.answered).toBe(expected);
      const long = cells.parsed.get('longDescription') ?? [];
      const short = cells.parsed.get('shortDescription') ?? [];
      const longIndex = header.columnIndex('Description');
      const shortIndex = header.columnIndex('Short description');
      const html = htmlCell({ paragraphs: true, literalNewlines: true });
      const plain = plainTextCell({ literalNewlines: true });
      let compared = 0;
      for (const record of records) {
        const rawLong = record.values[longIndex] ?? '';
        if (rawLong !== '') {
          expect(long[record.line]).toEqual(html(rawLong, 'Description'));
          compared++;
        }
        const rawShort = record.values[shortIndex] ?? '';
        if (rawShort !== '') expect(short[record.line]).toEqual(plain(rawShort, 'Short description'));
      }
      expect(compared).toBeGreaterThan(500);
    } finally {
      cells.close();
    }
  });

  it('leaves a file without such columns, or of an unknown format, to the main thread', () => {
    const header = { headers: ['SKU', 'Name'], columnIndex: (name: string) => ['sku', 'name'].indexOf(name) };
    const spec = detectCatalogFormat(['Type', 'SKU', 'Regular price', 'Name']).spec;
    expect(parseCellsOffThread(header, spec)).toBeNull();
  });

  it('a worker that cannot load is reported once and answers nothing (its cells are parsed here)', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const csv = generateCatalogCsv({ count: 50, seed: 3 });
      const entry = new URL('./no-such-thread.ts', import.meta.url);
      const { cells } = await runWorker(csv, { entry, until: () => warn.mock.calls.length > 0 });
      expect(cells.answered).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/parsed on the main thread/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('parseCatalogCsvInSlices with a worker (decision 0094)', () => {
  it('gives exactly the rows, rejections and warnings of the read on one thread', async () => {
    // Over the size that starts a worker, with rows the format rejects and HTML the sanitiser must clean.
    const lines = generateCatalogCsv({ count: 1_600, seed: 11 }).trimEnd().split('\n');
    lines[5] = (lines[5] ?? '').replace(/<p>/, "<p onclick='steal()'><script>alert(1)</script>");
    const badPrice = [
      '9999999',
      'simple',
      'BAD-1',
      'Bad part',
      '1',
      '0',
      'visible',
      'Short',
      '<p>A part</p>',
    ];
    lines.push(
      [
        ...badPrice,
        '',
        '',
        '1',
        '5',
        '1',
        '',
        'twelve dollars',
        'Brakes > Pads',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ].join(','),
    );
    const csv = `${lines.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(OFF_THREAD_MIN_BYTES);
    const alone = parseCatalogCsv(csv, { now });
    const sliced = await parseCatalogCsvInSlices(csv, { now, sliceMs: 40 });
    expect(sliced).toEqual(alone);
    expect(alone.rows.length).toBeGreaterThan(1_000);
    expect(alone.rejections.map((r) => r.line)).toEqual([lines.length]);
    expect(JSON.stringify(alone.rows)).not.toMatch(/onclick|<script/);
  });
});
