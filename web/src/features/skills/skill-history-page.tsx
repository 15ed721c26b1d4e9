import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { SkillHistoryQuery } from "../../gql/graphql";
import { authorOf, stateColor, when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { NotFound } from "../../shared/states";
import { useCanWrite } from "../sign-in/session-context";
import { PublishButton } from "./publish-button";
import { SKILL_HISTORY } from "./skill-documents";
import { SkillInsightChart } from "../insights/skill-insight-chart";

type Version = SkillHistoryQuery["skills"]["items"][number];

/** UX-2: every version with state, who and when; pick two to compare; roll back to an archived one. */
export default function SkillHistoryPage() {
  const name = useParams().name ?? "";
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const query = useQuery(SKILL_HISTORY, { variables: { name } });
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  const items = query.data?.skills.items ?? [];
  const compare = () => {
    const [a, b] = picked.map((id) => items.find((v) => v.id === id)!).sort((x, y) => x.version - y.version);
    void navigate(`/skills/${encodeURIComponent(name)}/diff?from=${a!.id}&to=${b!.id}`);
  };
  const columns: Array<Column<Version>> = [
    {
      header: "Compare",
      cell: (v) => (
        <Checkbox
          aria-label={`Compare version ${v.version}`}
          checked={picked.includes(v.id)}
          onChange={() => toggle(v.id)}
        />
      ),
    },
    {
      header: "Version",
      nowrap: true,
      cell: (v) => (
        <Anchor component={Link} to={`/skills/v/${v.id}`}>
          version {v.version}
        </Anchor>
      ),
    },
    {
      header: "State",
      nowrap: true,
      cell: (v) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={stateColor(v.state)} variant="light">
            {v.state.toLowerCase()}
          </Badge>
          {v.revoked ? (
            <Badge color="red" variant="filled" title={v.revokedReason ?? undefined}>
              revoked
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { header: "Created by", maxWidth: 200, cell: (v) => authorOf(v) },
    { header: "Created", nowrap: true, cell: (v) => when(v.createdAt) },
    { header: "Published", nowrap: true, cell: (v) => when(v.publishedAt) },
    { header: "Archived", nowrap: true, cell: (v) => when(v.archivedAt) },
    {
      header: "Actions",
      nowrap: true,
      cell: (v) =>
        v.revoked ? null : canWrite && v.state === "ARCHIVED" ? (
          <PublishButton kind="rollback" versionId={v.id} name={name} label={`Roll back to version ${v.version}…`} />
        ) : canWrite && v.state === "DRAFT" ? (
          <PublishButton kind="publish" versionId={v.id} name={name} label={`Publish version ${v.version}…`} />
        ) : null,
    },
  ];
  if (query.data && !query.error && items.length === 0) {
    return (
      <NotFound back={{ to: "/skills", label: "Back to skills" }}>No skill is named {name} in this project.</NotFound>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
          History of <code>{name}</code>
        </Title>
        <Button onClick={compare} disabled={picked.length !== 2}>
          Compare selected ({picked.length}/2)
        </Button>
      </Group>
      <QueryState query={query} errorTitle="The history could not be read">
        {(d) => (
          <PagedTable label="Versions" columns={columns} rows={d.skills.items} rowKey={(v) => v.id} striped={false} />
        )}
      </QueryState>
      <Text size="xs" c="dimmed">
        Pick two versions to see them side by side.
      </Text>
      <SkillInsightChart skill={name} />
    </Stack>
  );
}
