import { useQuery } from "@apollo/client/react";
import { Group, Stack, Text, Title } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { QueryState } from "../../shared/query-state";
import { Empty } from "../../shared/states";
import { SideBySide } from "./side-by-side";
import { readDiff } from "./skill-diff";
import { Files, KnowledgeBases, Part, Tools } from "./skill-diff-parts";
import { SKILL_DIFF } from "./skill-documents";

/** UX-2: any two versions compared — SKILL.md side by side; tools, knowledge bases and files as what changed. */
export default function SkillDiffPage() {
  const name = useParams().name ?? "";
  const [params] = useSearchParams();
  const fromId = params.get("from") ?? "";
  const toId = params.get("to") ?? "";
  const query = useQuery(SKILL_DIFF, { variables: { fromId, toId }, skip: !fromId || !toId });
  if (!fromId || !toId) return <Empty>Pick two versions on the history page to compare them.</Empty>;
  return (
    <QueryState
      query={query}
      errorTitle="The versions could not be compared"
      loadingLabel="Comparing…"
      isEmpty={(d) => !d.from || !d.to}
      empty="One of the two versions does not exist in this project."
    >
      {(d) => {
        const from = d.from!;
        const to = d.to!;
        const diff = readDiff(d.diffSkillVersions);
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
            <Part
              title="SKILL.md"
              summary={
                diff.skillMd.changed
                  ? `${diff.skillMd.added} lines added, ${diff.skillMd.removed} removed`
                  : "no change"
              }
            >
              <SideBySide label="SKILL.md" a={from.skillMd} b={to.skillMd} md />
            </Part>
            <Tools diff={diff.tools} />
            <KnowledgeBases diff={diff.knowledgeBases} from={from} to={to} />
            <Files diff={diff.files} from={from} to={to} />
          </Stack>
        );
      }}
    </QueryState>
  );
}
