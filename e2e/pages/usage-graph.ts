import type { Locator, Page } from "playwright-core";

/** The usage graph (UX-7): React Flow nodes and edges, read as a person sees them. */
export class UsageGraph {
  readonly root: Locator;

  constructor(
    private readonly page: Page,
    name: string | RegExp,
  ) {
    this.root = page.getByRole("application", { name });
  }

  /** A node by its visible name (e.g. "support-desk", "explain-bill v1"). */
  node(label: string): Locator {
    return this.root.locator(".react-flow__node").filter({
      has: this.page.locator(".usage-node__label", { hasText: new RegExp(`^${escape(label)}$`) }),
    });
  }

  /** Every node's name, by kind (skill, version, agent, project). */
  async labels(kind?: string): Promise<string[]> {
    const selector = kind ? `.usage-node[data-kind="${kind}"] .usage-node__label` : ".usage-node__label";
    return (await this.root.locator(selector).allTextContents()).sort();
  }

  /** The edges as screen readers get them: their descriptions, by kind (follows, pinned, …). */
  async edges(kind: string): Promise<string[]> {
    const edges = this.root.locator(`.react-flow__edge.usage-edge--${kind}`);
    const labels: string[] = [];
    for (const edge of await edges.all()) labels.push((await edge.getAttribute("aria-label")) ?? "");
    return labels.sort();
  }

  /** How an edge of that kind is drawn: its stroke and dash pattern. */
  async stroke(kind: string): Promise<{ color: string; dash: string; width: string }> {
    return this.root
      .locator(`.react-flow__edge.usage-edge--${kind} path.react-flow__edge-path`)
      .first()
      .evaluate((path) => {
        const style = getComputedStyle(path);
        return { color: style.stroke, dash: style.strokeDasharray, width: style.strokeWidth };
      });
  }

  /** Opens the node's page by clicking its name. */
  async open(label: string): Promise<void> {
    await this.node(label).locator(".usage-node__label").click();
  }

  async zoomIn(): Promise<void> {
    await this.root.getByRole("button", { name: "Zoom In" }).click();
  }

  async fit(): Promise<void> {
    await this.root.getByRole("button", { name: "Fit View" }).click();
  }

  /** The viewport's transform (pan and zoom), to see a zoom happen. */
  transform(): Promise<string | null> {
    return this.root.locator(".react-flow__viewport").getAttribute("style");
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
