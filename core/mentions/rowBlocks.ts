/** Ints per block: 1 MB. */
const BLOCK_INTS = 256 * 1024;

/** Rows longer than this get an array of their own (a block is not taken up by one file). */
const OWN_ARRAY_FROM_INTS = BLOCK_INTS / 16;

/**
 * The rows of many records (core/workspace/closedRecords.ts) in shared blocks of 1 MB: each
 * record's rows a view of a block instead of an Int32Array with its own buffer. At 100,000 files,
 * 100,000 buffers cost V8 two objects each and the allocator a block each, and their bookkeeping
 * ran in every young-generation collection of the scan. A block lives while a view of it does:
 * the rows of a record replaced since stay until the block's other records go (at most a block's
 * worth per block; open documents never take rows from here).
 */
export class RowBlocks {
  private block = new Int32Array(0);
  private used = 0;

  /** `rows` as a view of a shared block (its own array when long). */
  of(rows: ArrayLike<number>): Int32Array {
    if (rows.length > OWN_ARRAY_FROM_INTS) return Int32Array.from(rows);
    if (this.used + rows.length > this.block.length) {
      this.block = new Int32Array(BLOCK_INTS);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + rows.length);
    view.set(rows);
    this.used += rows.length;
    return view;
  }
}
