import { describeHidden, splitHidden } from "./hidden-text";

// CR-4: the rendered preview draws hidden characters as the editor does. A rehype step over react-markdown's tree:
// each text node holding a hidden run is cut into its visible text and a <mark> that spells what is hidden.

interface Text {
  type: "text";
  value: string;
}
interface Element {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
type Node = Text | Element | { type: "root" | "comment" | "doctype" | "raw"; children?: Node[] };

function mark(hidden: string): Element {
  const { label, title } = describeHidden(hidden);
  return {
    type: "element",
    tagName: "mark",
    properties: { className: ["md-hidden-character"], title },
    children: [{ type: "text", value: label }],
  };
}

function draw(node: Node): void {
  if (!("children" in node) || !node.children) return;
  node.children = node.children.flatMap((child): Node[] => {
    if (child.type !== "text") {
      draw(child);
      return [child];
    }
    const parts = splitHidden((child as Text).value);
    if (parts.every((p) => !p.hidden)) return [child];
    return parts.map((p) => (p.hidden ? mark(p.text) : { type: "text", value: p.text }));
  });
}

/** The rehype plugin (react-markdown's `rehypePlugins`). */
export function rehypeHiddenCharacters() {
  return (tree: Node) => draw(tree);
}
