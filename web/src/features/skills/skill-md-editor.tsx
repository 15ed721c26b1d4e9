import { markdown } from "@codemirror/lang-markdown";
import { yamlFrontmatter } from "@codemirror/lang-yaml";
import { Prec } from "@codemirror/state";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorView, keymap } from "@codemirror/view";
import { Anchor, List } from "@mantine/core";
import CodeMirror, { type ReactCodeMirrorRef } from "@uiw/react-codemirror";
import { useEffect, useMemo, useRef } from "react";
import { hiddenCharacters } from "../review/hidden-characters";
import type { LineProblem } from "./problem-lines";

interface Props {
  value: string;
  onChange(value: string): void;
  problems: LineProblem[];
  readOnly?: boolean;
  /** CR-4: a finding's line to open (a new object each time, so the same line opens again). */
  focusLine?: { line: number } | null;
  /** CR-4: the review of what the editor holds (as the author types): SKILL.md's findings underline their lines. */
  findings?: ReadonlyArray<{ path: string; line: number | null; rule: string; severity: string; message: string }>;
}

const DIAGNOSTIC_SEVERITY: Record<string, Diagnostic["severity"]> = {
  CRITICAL: "error",
  HIGH: "error",
  MEDIUM: "warning",
  LOW: "info",
};

/** SKILL.md in CodeMirror; the server's problems are underlined on their line and listed under the editor. */
export function SkillMdEditor({ value, onChange, problems, readOnly, focusLine, findings }: Props) {
  const ref = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(
    () => [
      // the frontmatter as YAML, the rest as markdown (without it the frontmatter reads as a setext heading)
      yamlFrontmatter({ content: markdown() }),
      lintGutter(),
      EditorView.lineWrapping,
      // CR-4: tag characters, bidi controls and zero-width characters drawn as marked code points
      hiddenCharacters(),
      // focusable also when read-only, so a long SKILL.md can be scrolled from the keyboard (axe: scrollable-region-focusable)
      EditorView.contentAttributes.of({ "aria-label": "SKILL.md", tabindex: "0" }),
      // The page binds Ctrl/Cmd-S (save) and Ctrl/Cmd-Enter (publish): the editor must not insert a line for the latter.
      Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => true }])),
    ],
    [],
  );

  useEffect(() => {
    const view = ref.current?.view;
    if (!view) return;
    const doc = view.state.doc;
    const diagnostics: Diagnostic[] = problems
      .filter((p) => p.line <= doc.lines)
      .map((p) => {
        const line = doc.line(p.line);
        return {
          from: line.from,
          to: Math.max(line.to, line.from),
          severity: "error",
          message: p.message,
          source: p.path,
        };
      });
    for (const f of findings ?? []) {
      if (f.path !== "SKILL.md" || f.line === null || f.line > doc.lines) continue;
      const line = doc.line(f.line);
      diagnostics.push({
        from: line.from,
        to: line.to,
        severity: DIAGNOSTIC_SEVERITY[f.severity] ?? "warning",
        message: `${f.rule} (${f.severity.toLowerCase()}): ${f.message}`,
        source: "content review",
      });
    }
    view.dispatch(setDiagnostics(view.state, diagnostics));
  }, [problems, findings, value]);

  useEffect(() => {
    const view = ref.current?.view;
    if (!view || !focusLine || focusLine.line > view.state.doc.lines) return;
    view.dispatch({ selection: { anchor: view.state.doc.line(focusLine.line).from }, scrollIntoView: true });
    view.focus();
  }, [focusLine]);

  /** "Line N" in the list moves the cursor there and scrolls it into view. */
  function goToLine(n: number) {
    const view = ref.current?.view;
    if (!view || n > view.state.doc.lines) return;
    view.dispatch({ selection: { anchor: view.state.doc.line(n).from }, scrollIntoView: true });
    view.focus();
  }

  return (
    <div>
      <CodeMirror
        ref={ref}
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        // the editor fills the window's height below the page header (the page scrolls only for its lists)
        height="max(360px, calc(100dvh - 250px))"
        basicSetup={{ lineNumbers: true, foldGutter: false, highlightActiveLine: !readOnly }}
      />
      {problems.length > 0 ? (
        <List size="sm" mt="xs" spacing={4} aria-label="Problems in SKILL.md" data-testid="skill-md-problems">
          {problems.map((p) => (
            <List.Item key={`${p.path}-${p.message}`}>
              <Anchor component="button" type="button" fw={600} c="red.8" size="sm" onClick={() => goToLine(p.line)}>
                Line {p.line}
              </Anchor>{" "}
              {/* the server's message already starts with the place it concerns */}
              {p.message.startsWith(p.path) ? p.message : `${p.path}: ${p.message}`}
            </List.Item>
          ))}
        </List>
      ) : null}
    </div>
  );
}
