/** How an outbound request failed: refused by SEC-13, out of time, the network, or cancelled by the caller. */
export type OutboundFailure = "refused" | "timeout" | "network" | "cancelled" | "too_large";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}
