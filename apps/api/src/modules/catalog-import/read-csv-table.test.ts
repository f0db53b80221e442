import { describe, expect, it } from 'vitest';
import { CatalogFileError } from './catalog-row';
import { bindColumns, readCsvTable, scanCsvTable } from './read-csv-table';

describe('readCsvTable', () => {
  it('numbers records by the physical line they start on, across quoted line breaks, CRLF and blank lines', () => {
    const text = 'a,b\r\n1,"x\r\ny"\r\n\r\n2,3\r\n3,"q\n\nr"\n4,5';
    const table = readCsvTable(text);
    expect(table.headers).toEqual(['a', 'b']);
    expect(table.records.map((r) => [r.line, r.values])).toEqual([
      [2, ['1', 'x\r\ny']],
      [5, ['2', '3']],
      [6, ['3', 'q\n\nr']],
      [9, ['4', '5']],
    ]);
  });

  it('ignores a UTF-8 BOM, trims header names and drops rows whose cells are all empty', () => {
    const table = readCsvTable('\uFEFF Handle ,Title\n,\nh,T\n');
    expect(table.headers).toEqual(['Handle', 'Title']);
    expect(table.records).toEqual([{ line: 3, values: ['h', 'T'] }]);
    expect(table.columnIndex('handle')).toBe(0);
    expect(table.columnIndex('HANDLE ')).toBe(0);
    expect(table.columnIndex('Vendor')).toBe(-1);
  });

  it('counts lines correctly after multi-byte characters', () => {
    const table = readCsvTable('a,b\né,"ü\r\n€"\r\n2,3\r\n');
    expect(table.records.map((r) => r.line)).toEqual([2, 4]);
  });

  it('refuses text that was not UTF-8, naming the line', () => {
    // "Café" saved as Windows-1252: the é byte is not UTF-8, and reads as U+FFFD.
    const latin1 = Buffer.from('SKU,Title\nA-1,Brake pads\nA-2,Caf\xe9 light\n', 'latin1').toString('utf8');
    expect(() => readCsvTable(latin1)).toThrow(CatalogFileError);
    expect(() => readCsvTable(latin1)).toThrow(
      'The file is not CSV text in UTF-8: line 3 has bytes that are not UTF-8. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
    );
    expect(() => readCsvTable('SKU,Title\r\nA-1,x\r\n\r\nA-2,\uFFFD\r\n')).toThrow(/line 4 has bytes/);
    // The same file in UTF-8 reads.
    expect(readCsvTable('SKU,Title\nA-2,Café light\n').records[0]?.values).toEqual(['A-2', 'Café light']);
  });

  it("reads a file's bytes as it reads their text, BOM and all", () => {
    const text = '\uFEFF Handle ,Title\r\n1,"x\r\ny"\r\n\r\né,ü\n';
    const fromBytes = readCsvTable(Buffer.from(text, 'utf8'));
    const fromText = readCsvTable(text);
    expect(fromBytes.headers).toEqual(['Handle', 'Title']);
    expect(fromBytes.records).toEqual(fromText.records);
    expect(fromBytes.records.map((r) => r.line)).toEqual([2, 5]);
  });

  it('refuses bytes that are not UTF-8, naming the line, also far into a large file', () => {
    const latin1 = Buffer.from('SKU,Title\nA-1,Brake pads\nA-2,Caf\xe9 light\n', 'latin1');
    expect(() => readCsvTable(latin1)).toThrow(CatalogFileError);
    expect(() => readCsvTable(latin1)).toThrow(/^The file is not CSV text in UTF-8: line 3 has bytes/);
    // Past the first megabyte the bytes are decoded a piece at a time, with CRLF line ends split between pieces.
    const row = 'A-1,Brake pads for the Hilux\r\n';
    const rows = Math.ceil((3 << 20) / row.length);
    // The header padded so that the first megabyte ends between a row's CR and its LF.
    const pad =
      ((((1 << 20) - (row.length - 1) - 'SKU,Title\r\n'.length) % row.length) + row.length) % row.length;
    const big = Buffer.concat([
      Buffer.from(`SKU,Title${' '.repeat(pad)}\r\n${row.repeat(rows)}`, 'utf8'),
      Buffer.from('A-2,Caf\xe9\r\n', 'latin1'),
    ]);
    expect([big[(1 << 20) - 1], big[1 << 20]]).toEqual([0x0d, 0x0a]);
    expect(() => readCsvTable(big)).toThrow(`line ${rows + 2} has bytes that are not UTF-8`);
  });

  it('hands each record on as it is read, holding none, and passes on what a visitor throws unchanged', () => {
    const seen: [number, string[]][] = [];
    const header = scanCsvTable('SKU,Title\r\nA-1,"Brake\r\npads"\r\n\r\nA-2,Rotor\r\n', (h) => {
      expect(h.columnIndex('title')).toBe(1);
      return (record) => seen.push([record.line, record.values]);
    });
    expect(header.headers).toEqual(['SKU', 'Title']);
    expect(seen).toEqual([
      [2, ['A-1', 'Brake\r\npads']],
      [5, ['A-2', 'Rotor']],
    ]);
    const refusal = new RangeError('not this one');
    expect(() =>
      scanCsvTable('SKU\nA-1\nA-2\n', () => (record) => {
        if (record.line === 3) throw refusal;
      }),
    ).toThrow(refusal);
    expect(() => scanCsvTable('', () => () => undefined)).toThrow(/The file is empty/);
  });

  it('throws a CatalogFileError naming the problem for malformed CSV', () => {
    expect(() => readCsvTable('a,b\n1,"unclosed\n2,3\n')).toThrow(CatalogFileError);
    expect(() => readCsvTable('a,b\n1,"unclosed\n2,3\n')).toThrow(/not valid CSV.*double quotes/s);
  });

  it('throws for an empty file', () => {
    expect(() => readCsvTable('')).toThrow(/empty/);
    expect(() => readCsvTable('\n\n')).toThrow(/empty/);
  });

  it('binds logical fields to whichever alias the header has', () => {
    const table = readCsvTable('URL handle,Price\nh,1.00\n');
    const cols = bindColumns(table, {
      handle: ['Handle', 'URL handle'],
      price: ['Variant Price', 'Price'],
      sku: ['SKU'],
    });
    const record = table.records[0];
    if (!record) throw new Error('no record');
    expect(cols.cell(record, 'handle')).toBe('h');
    expect(cols.column('price')).toBe('Price');
    expect(cols.has('sku')).toBe(false);
    expect(cols.cell(record, 'sku')).toBe('');
    expect(cols.column('sku')).toBe('SKU');
  });
});
