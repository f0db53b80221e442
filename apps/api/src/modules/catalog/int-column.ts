/**
 * A growable column of 32-bit whole numbers in an Int32Array: 4 bytes a value, against 8 in a JavaScript array,
 * for the millions of ids and row numbers a fitment import and the fitment index hold (decisions 0079, 0087).
 */
export class IntColumn {
  private data: Int32Array;
  length = 0;

  /** `capacity`: the values held before the first growth (it doubles each time it is full). */
  constructor(capacity = 1024) {
    this.data = new Int32Array(Math.max(1, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index] as number;
  }

  /** The values pushed, as a view of the column's own memory (a later push may move them). */
  values(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
