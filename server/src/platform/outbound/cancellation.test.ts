import { describe, expect, it } from "vitest";
import { Cancellation } from "./cancellation";

describe("Cancellation", () => {
  it("GW-1 a turn's cancel calls each listener still attached once, in order; later cancels and listeners do nothing", () => {
    const cancel = new Cancellation();
    const calls: string[] = [];
    const a = () => calls.push("a");
    const b = () => calls.push("b");
    const c = () => calls.push("c");
    cancel.addEventListener("abort", a);
    cancel.addEventListener("abort", b);
    cancel.addEventListener("abort", c);
    cancel.removeEventListener("abort", b);
    expect(cancel.aborted).toBe(false);
    cancel.cancel();
    cancel.cancel();
    expect(calls).toEqual(["a", "c"]);
    expect(cancel.aborted).toBe(true);
    expect(cancel.reason).toBeInstanceOf(Error);
    cancel.addEventListener("abort", a);
    cancel.cancel();
    expect(calls).toEqual(["a", "c"]);
  });
});
