import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  WidgetType,
  type DecorationSet,
  type ViewUpdate,
} from "@codemirror/view";

import { describeHidden, HIDDEN } from "./hidden-text";

export { describeHidden, HIDDEN, splitHidden } from "./hidden-text";

// CR-4: the editor's and the diff's decoration of hidden characters (hidden-text.ts says how each is drawn).

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
