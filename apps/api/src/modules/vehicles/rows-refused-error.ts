/**
 * Thrown by the vehicle list's and the fitment file's imports (decisions 0029, 0030) when rows are refused: nothing
 * was imported. `rejections` in file order, each with its line, column and reason.
 */
import type { Rejection } from '../catalog-import/catalog-row';

export class RowsRefusedError extends Error {
  override name = 'RowsRefusedError';
  constructor(readonly rejections: Rejection[]) {
    super(`${rejections.length} row${rejections.length === 1 ? '' : 's'} refused; nothing was imported`);
  }
}
