import { markdown } from "@codemirror/lang-markdown";
import { EditorState } from "@codemirror/state";
import { MergeView } from "@codemirror/merge";
import { EditorView, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { hiddenCharacters } from "../review/hidden-characters";

/** Two texts side by side with @codemirror/merge, read-only; each side named for a screen reader. */
export function SideBySide({ a, b, label, md }: { a: string; b: string; label: string; md?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const ext = [
      lineNumbers(),
      EditorView.editable.of(false),
      EditorState.readOnly.of(true),
      EditorView.lineWrapping,
      // CR-4: what a model reads but the eye does not, drawn visibly on both sides
      hiddenCharacters(),
      ...(md ? [markdown()] : []),
    ];
    const named = (side: string) =>
      EditorView.contentAttributes.of({ "aria-label": `${label}, ${side}`, tabindex: "0" });
    const view = new MergeView({
      a: { doc: a, extensions: [...ext, named("older version")] },
      b: { doc: b, extensions: [...ext, named("newer version")] },
      parent: host.current,
    });
    return () => view.destroy();
  }, [a, b, md, label]);
  return <div ref={host} style={{ border: "1px solid var(--mantine-color-default-border)" }} />;
}
