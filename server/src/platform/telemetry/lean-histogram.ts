import type { Registry } from "prom-client";

type Labels = Record<string, string | number>;

/** One label set's counts: per bucket (not cumulative), then the sum and the count. */
export class HistogramChild {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]!++;
        break;
      }
    }
    this.sum += value;
    this.count++;
  }
}

interface ValuePair {
  labels: Labels;
  sharedLabels: Labels;
  value: number;
  metricName: string;
  /** prom-client's buckets carry one (null: no exemplars kept). */
  exemplar?: null;
}

/**
 * Issue 21: a Prometheus histogram whose labelled children observe with a bucket search and three additions:
 * prom-client's child converts, validates and hashes its label values on every `observe` (two histograms per gateway
 * turn). It registers in a prom-client Registry as one of its own metrics and exposes the same text (the test
 * compares it with prom-client's Histogram).
 */
export class LeanHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private children = new Map<string, HistogramChild>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The child of these label values (in `labelNames` order); callers keep it. */
  labels(...values: string[]): HistogramChild {
    if (values.length !== this.labelNames.length)
      throw new Error(`${this.name} takes ${this.labelNames.length} label values, not ${values.length}`);
    const key = values.join("\u0000");
    let child = this.children.get(key);
    if (!child) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      child = new HistogramChild(labels, this.bounds);
      this.children.set(key, child);
    }
    return child;
  }

  reset(): void {
    this.children = new Map();
  }

  /** prom-client's shape for its text format: per child the cumulative buckets, +Inf, the sum and the count. */
  getForPromString(): { name: string; help: string; type: string; values: ValuePair[]; aggregator: string } {
    const values: ValuePair[] = [];
    const bucket = `${this.name}_bucket`;
    for (const child of this.children.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += child.counts[i]!;
        values.push({
          labels: { le },
          sharedLabels: child.labels,
          value: cumulative,
          metricName: bucket,
          exemplar: null,
        });
      });
      const pair = (labels: Labels, value: number, metricName: string) =>
        values.push({ labels, sharedLabels: child.labels, value, metricName });
      values.push({
        labels: { le: "+Inf" },
        sharedLabels: child.labels,
        value: child.count,
        metricName: bucket,
        exemplar: null,
      });
      pair({}, child.sum, `${this.name}_sum`);
      pair({}, child.count, `${this.name}_count`);
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`getMetricsAsJSON`): each value's labels with its shared labels folded in. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }
}
