import { Badge, Card, Code, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { DiffSideFragment } from "../../gql/graphql";
import { FAILED_COLOR, OK_COLOR, WARN_COLOR } from "../../shared/format";
import { SideBySide } from "./side-by-side";
import { countsOf, textOf, toolFieldChanges, type DiffTool, type SkillDiff } from "./skill-diff";

const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-word" } as const;
const MARK = { added: OK_COLOR, removed: FAILED_COLOR, changed: WARN_COLOR } as const;

export function Part({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-testid={`summary-${title}`}>
          {summary}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

function Change({ kind, children }: { kind: keyof typeof MARK; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Badge size="sm" variant="light" color={MARK[kind]} style={{ flexShrink: 0 }}>
        {kind}
      </Badge>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}

/** What one part added and removed (`changed` is each part's own), or that it is the same. */
function AddedRemoved<T>(props: {
  part: { added: T[]; removed: T[]; changed: unknown[] };
  same: string;
  keyOf(item: T): string;
  show(item: T): ReactNode;
}) {
  const { part, keyOf, show } = props;
  return (
    <>
      {part.added.length + part.removed.length + part.changed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.same}
        </Text>
      ) : null}
      {part.added.map((x) => (
        <Change key={`a${keyOf(x)}`} kind="added">
          {show(x)}
        </Change>
      ))}
      {part.removed.map((x) => (
        <Change key={`r${keyOf(x)}`} kind="removed">
          {show(x)}
        </Change>
      ))}
    </>
  );
}

function ToolSummary({ tool }: { tool: DiffTool }) {
  return (
    <Text size="sm" style={WRAP}>
      <code>{tool.name}</code> — {tool.description}{" "}
      <Text span c="dimmed" size="xs">
        ({tool.webhook_url})
      </Text>
    </Text>
  );
}

export function Tools({ diff }: { diff: SkillDiff["tools"] }) {
  return (
    <Part title="Tools" summary={countsOf(diff)}>
      <Stack gap="xs">
        <AddedRemoved
          part={diff}
          same="The tools are the same."
          keyOf={(t) => t.name}
          show={(t) => <ToolSummary tool={t} />}
        />
        {diff.changed.map(({ from, to }) => (
          <Change key={`c${to.name}`} kind="changed">
            <Text size="sm">
              <code>{to.name}</code>
            </Text>
            <Table fz="sm" aria-label={`Changes to the tool ${to.name}`} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={130}>Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {toolFieldChanges(from, to).map((c) => (
                  <Table.Tr key={c.field}>
                    <Table.Td>{c.field}</Table.Td>
                    <Table.Td>
                      <Code block style={WRAP}>
                        {c.before}
                      </Code>
                    </Table.Td>
                    <Table.Td>
                      <Code block style={WRAP}>
                        {c.after}
                      </Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Change>
        ))}
      </Stack>
    </Part>
  );
}

export function KnowledgeBases({
  diff,
  from,
  to,
}: {
  diff: SkillDiff["knowledgeBases"];
  from: DiffSideFragment;
  to: DiffSideFragment;
}) {
  const names = new Map(
    [...from.knowledgeBases, ...to.knowledgeBases].map((k) => [k.knowledgeBase.id, k.knowledgeBase.name]),
  );
  const name = (id: string) => names.get(id) ?? id;
  const mode = (m: string) => (m === "TOOL" ? "as a search tool" : "in the prompt");
  return (
    <Part title="Knowledge bases" summary={countsOf(diff)}>
      <Stack gap="xs">
        <AddedRemoved
          part={diff}
          same="The knowledge bases are the same."
          keyOf={(k) => k.id}
          show={(k) => (
            <Text size="sm">
              {name(k.id)}, {mode(k.mode)}
            </Text>
          )}
        />
        {diff.changed.map((k) => (
          <Change key={`c${k.id}`} kind="changed">
            <Text size="sm">
              {name(k.id)}: {mode(k.fromMode)} → {mode(k.toMode)}
            </Text>
          </Change>
        ))}
      </Stack>
    </Part>
  );
}

export function Files({ diff, from, to }: { diff: SkillDiff["files"]; from: DiffSideFragment; to: DiffSideFragment }) {
  const content = (side: DiffSideFragment, path: string) =>
    side.files.find((f) => f.path === path)?.contentBase64 ?? "";
  return (
    <Part title="Files" summary={countsOf(diff)}>
      <Stack gap="sm">
        <AddedRemoved
          part={diff}
          same="The bundle's files are the same."
          keyOf={(f) => f.path}
          show={(f) => (
            <Text size="sm" ff="monospace">
              {f.path}{" "}
              <Text span c="dimmed" size="xs">
                ({f.size} bytes)
              </Text>
            </Text>
          )}
        />
        {diff.changed.map(({ from: a, to: b }) => {
          const before = textOf(content(from, a.path));
          const after = textOf(content(to, b.path));
          return (
            <Stack key={`c${b.path}`} gap={4}>
              <Change kind="changed">
                <Text size="sm" ff="monospace">
                  {b.path}{" "}
                  <Text span c="dimmed" size="xs">
                    ({a.size} → {b.size} bytes)
                  </Text>
                </Text>
              </Change>
              {before !== null && after !== null ? (
                <SideBySide label={b.path} a={before} b={after} md={b.path.endsWith(".md")} />
              ) : (
                <Text size="sm" c="dimmed">
                  Not text: its bytes changed.
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Part>
  );
}
