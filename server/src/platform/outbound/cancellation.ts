/**
 * What cancels an outbound request: an AbortSignal, or a Cancellation (the part of a signal the request reads).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * A one-shot cancel for a request that is rarely cancelled (a gateway turn whose client goes away): an
 * AbortController builds an AbortSignal — an EventTarget — on every request, which showed in the gateway's per-turn
 * CPU; this is a flag and a list. Listeners run once, in the order they were added, on the first
 * `cancel()`; one added after it is not called (check `aborted` first, as with a signal).
 */
export class Cancellation implements CancelSignal {
  private listeners: Array<() => void> = [];
  aborted = false;
  reason: unknown = undefined;

  cancel(reason: unknown = new Error("cancelled")): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.listeners.indexOf(listener);
    if (at >= 0) this.listeners.splice(at, 1);
  }
}
