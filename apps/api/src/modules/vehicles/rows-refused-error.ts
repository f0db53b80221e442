/**
 * Thrown by the vehicle list's and the fitment file's imports (decisions 0029, 0030) when rows are refused: nothing
 * was imported. `rejections` in file order, each with its line, column and reason (a row may have several);
 * `rows` counts the lines refused.
 */
import type { Rejection } from '../catalog-import/catalog-row';

export class RowsRefusedError extends Error {
  override name = 'RowsRefusedError';
  readonly rows: number;
  constructor(readonly rejections: Rejection[]) {
    const rows = new Set(rejections.map((r) => r.line)).size;
    super(`${rows} row${rows === 1 ? '' : 's'} refused; nothing was imported`);
    this.rows = rows;
  }
}
