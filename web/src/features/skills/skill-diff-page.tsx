import { useQuery } from "@apollo/client/react";
import { markdown } from "@codemirror/lang-markdown";
import { EditorState } from "@codemirror/state";
import { MergeView } from "@codemirror/merge";
import { EditorView, lineNumbers } from "@codemirror/view";
import { Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useParams, useSearchParams } from "react-router";
import { ErrorNotice, Loading } from "../../shared/states";
import { SKILL_DIFF } from "./skill-documents";

// Apollo's __typename is the client's bookkeeping, not part of the skill: left out of what the author compares.
const pretty = (value: unknown) =>
  JSON.stringify(value, (key, v: unknown) => (key === "__typename" ? undefined : v), 2);

/** Two texts side by side with @codemirror/merge, read-only. */
function SideBySide({ a, b, label, md }: { a: string; b: string; label: string; md?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const ext = [
      lineNumbers(),
      EditorView.editable.of(false),
      EditorState.readOnly.of(true),
      EditorView.lineWrapping,
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
  return (
    <section aria-label={label}>
      <Title order={2} size="h5" mb={4}>
        {label}
      </Title>
      <div ref={host} style={{ border: "1px solid var(--mantine-color-gray-3)" }} />
    </section>
  );
}

/** UX-2: any two versions side by side — SKILL.md, tools, knowledge bases, files. */
export default function SkillDiffPage() {
  const name = useParams().name ?? "";
  const [params] = useSearchParams();
  const fromId = params.get("from") ?? "";
  const toId = params.get("to") ?? "";
  const { data, loading, error } = useQuery(SKILL_DIFF, { variables: { fromId, toId }, skip: !fromId || !toId });
  if (!fromId || !toId)
    return <ErrorNotice error={new Error("Pick two versions on the history page to compare them.")} />;
  if (loading && !data) return <Loading label="Comparing…" />;
  if (error) return <ErrorNotice error={error} title="The versions could not be compared" />;
  const from = data?.from;
  const to = data?.to;
  if (!from || !to) return <ErrorNotice error={new Error("One of the two versions does not exist in this project.")} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          <code>{name}</code>: version {from.version} → version {to.version}
        </Title>
        <Text size="sm" c="dimmed">
          Left: version {from.version} · Right: version {to.version}
        </Text>
      </Group>
      <SideBySide label="SKILL.md" a={from.skillMd} b={to.skillMd} md />
      <SideBySide label="Tools" a={pretty(from.tools)} b={pretty(to.tools)} />
      <SideBySide label="Knowledge bases" a={pretty(from.knowledgeBases)} b={pretty(to.knowledgeBases)} />
      <SideBySide label="Files" a={pretty(from.files)} b={pretty(to.files)} />
    </Stack>
  );
}
