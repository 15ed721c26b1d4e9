/**
 * Archives by digest, bounded by their total size rather than their number (one big skill must not crowd out the
 * memory of the process): the least recently used go first. An archive larger than the budget is not kept.
 */
export class ArchiveBytes {
  private readonly entries = new Map<string, Uint8Array>();
  private total = 0;

  constructor(private readonly budgetBytes: number) {}

  get(digest: string): Uint8Array | undefined {
    const bytes = this.entries.get(digest);
    if (bytes) {
      // most recently used last
      this.entries.delete(digest);
      this.entries.set(digest, bytes);
    }
    return bytes;
  }

  set(digest: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.budgetBytes || this.entries.has(digest)) return;
    this.entries.set(digest, bytes);
    this.total += bytes.byteLength;
    for (const [key, kept] of this.entries) {
      if (this.total <= this.budgetBytes) break;
      this.entries.delete(key);
      this.total -= kept.byteLength;
    }
  }

  get bytesHeld(): number {
    return this.total;
  }
}
