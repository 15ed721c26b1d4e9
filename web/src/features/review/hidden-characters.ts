import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  WidgetType,
  type DecorationSet,
  type ViewUpdate,
} from "@codemirror/view";

// CR-4: what a model reads but an editor draws as nothing, drawn visibly: a run of Unicode tag characters as a marked
// ⟨hidden: "…"⟩ with the text it spells, a bidi control or a zero-width character as its marked code point.

/** Tag characters (U+E0000–E007F), bidi controls and marks, zero-width and other invisible format characters. */
export const HIDDEN =
  /[\u{E0000}-\u{E007F}]{1,4096}|[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060-\u2064\u061C\u180E\uFEFF\u00AD]/gu;

const codePoint = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** How a match is shown: the text tag characters spell, or the code point. */
export function describeHidden(text: string): { label: string; title: string } {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  if (cps[0]! >= 0xe0000) {
    const spelled = cps
      .map((cp) => (cp - 0xe0000 >= 0x20 && cp - 0xe0000 < 0x7f ? String.fromCharCode(cp - 0xe0000) : "·"))
      .join("");
    return {
      label: `⟨hidden: ${JSON.stringify(spelled)}⟩`,
      title: `${cps.length} Unicode tag character${cps.length === 1 ? "" : "s"} (${codePoint(cps[0]!)}…): invisible, but a model reads them as "${spelled}"`,
    };
  }
  return { label: `⟨${codePoint(cps[0]!)}⟩`, title: `${codePoint(cps[0]!)}: an invisible or reordering character` };
}

class HiddenWidget extends WidgetType {
  constructor(private readonly text: string) {
    super();
  }
  override eq(other: HiddenWidget): boolean {
    return other.text === this.text;
  }
  toDOM(): HTMLElement {
    const { label, title } = describeHidden(this.text);
    const mark = document.createElement("mark");
    mark.className = "cm-hidden-character";
    mark.textContent = label;
    mark.title = title;
    mark.setAttribute("aria-label", title);
    return mark;
  }
}

const matcher = new MatchDecorator({
  regexp: HIDDEN,
  decoration: (match) => Decoration.replace({ widget: new HiddenWidget(match[0]) }),
});

const theme = EditorView.baseTheme({
  ".cm-hidden-character": {
    background: "#fde2e2",
    color: "#8a1c1c",
    border: "1px solid #c92a2a",
    borderRadius: "3px",
    padding: "0 2px",
    fontSize: "0.85em",
  },
});

/** The CodeMirror extension: the editor and both sides of the diff use it. */
export function hiddenCharacters() {
  return [
    ViewPlugin.fromClass(
      class {
        decorations: DecorationSet;
        constructor(view: EditorView) {
          this.decorations = matcher.createDeco(view);
        }
        update(update: ViewUpdate) {
          this.decorations = matcher.updateDeco(update, this.decorations);
        }
      },
      {
        decorations: (plugin) => plugin.decorations,
        provide: (plugin) => EditorView.atomicRanges.of((view) => view.plugin(plugin)?.decorations ?? Decoration.none),
      },
    ),
    theme,
  ];
}
