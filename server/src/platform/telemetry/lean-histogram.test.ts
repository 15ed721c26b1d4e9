import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { LeanHistogram } from "./lean-histogram";

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED: Array<[string, string, number]> = [
  ["/v1/chat/completions", "POST", 0.0004],
  ["/v1/chat/completions", "POST", 0.02],
  ["/graphql", "POST", 0.5],
  ["/v1/chat/completions", "POST", 7],
  ['/graph"ql\\\n', "GET", 0.001],
];

/** The same observations through prom-client's Histogram and through ours, each in a registry of its own. */
function both() {
  const reference = new Registry();
  const ours = new Registry();
  const help = "Requests by route and method.";
  const plain = new Histogram({
    name: "t_seconds",
    help,
    labelNames: ["route", "method"],
    buckets: BUCKETS,
    registers: [reference],
  });
  const lean = new LeanHistogram("t_seconds", help, ["route", "method"], BUCKETS, ours);
  for (const [route, method, seconds] of OBSERVED) {
    plain.labels(route, method).observe(seconds);
    lean.labels(route, method).observe(seconds);
  }
  return { reference, ours, lean };
}

describe("OB-2 histograms observed without prom-client's per-observation label hashing (issue 21)", () => {
  it("OB-2 exposes the same text as prom-client's Histogram for the same observations", async () => {
    const { reference, ours } = both();
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });

  it("OB-2 keeps one child per label set, refuses a wrong label count and a value that is not a number", async () => {
    const { lean, ours } = both();
    expect(lean.labels("/graphql", "POST")).toBe(lean.labels("/graphql", "POST"));
    expect(() => lean.labels("/graphql")).toThrow();
    expect(() => lean.labels("/graphql", "POST").observe(Number.NaN)).toThrow(TypeError);
    ours.resetMetrics();
    expect(await ours.metrics()).toBe("# HELP t_seconds Requests by route and method.\n# TYPE t_seconds histogram\n");
  });
});
