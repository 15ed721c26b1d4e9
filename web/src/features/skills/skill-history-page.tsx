import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { authorOf, stateColor, when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { PublishButton } from "./publish-button";
import { SKILL_HISTORY } from "./skill-documents";

/** UX-2: every version with state, who and when; pick two to compare; roll back to an archived one. */
export default function SkillHistoryPage() {
  const name = useParams().name ?? "";
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(SKILL_HISTORY, { variables: { name } });
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  const items = data?.skills.items ?? [];
  const compare = () => {
    const [a, b] = picked.map((id) => items.find((v) => v.id === id)!).sort((x, y) => x.version - y.version);
    void navigate(`/skills/${encodeURIComponent(name)}/diff?from=${a!.id}&to=${b!.id}`);
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          History of <code>{name}</code>
        </Title>
        <Button onClick={compare} disabled={picked.length !== 2}>
          Compare selected ({picked.length}/2)
        </Button>
      </Group>
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="The history could not be read" />
      {data && items.length === 0 ? <Empty>No versions of {name}.</Empty> : null}
      {items.length > 0 ? (
        <Table style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Compare</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th>Archived</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Compare version ${v.version}`}
                    checked={picked.includes(v.id)}
                    onChange={() => toggle(v.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/skills/v/${v.id}`}>
                    version {v.version}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={stateColor(v.state)} variant="light">
                    {v.state.toLowerCase()}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "normal" }}>{authorOf(v)}</Table.Td>
                <Table.Td>{when(v.createdAt)}</Table.Td>
                <Table.Td>{when(v.publishedAt)}</Table.Td>
                <Table.Td>{when(v.archivedAt)}</Table.Td>
                <Table.Td>
                  {canWrite && v.state === "ARCHIVED" ? (
                    <PublishButton
                      kind="rollback"
                      versionId={v.id}
                      name={name}
                      label={`Roll back to version ${v.version}…`}
                    />
                  ) : null}
                  {canWrite && v.state === "DRAFT" ? (
                    <PublishButton
                      kind="publish"
                      versionId={v.id}
                      name={name}
                      label={`Publish version ${v.version}…`}
                    />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Text size="xs" c="dimmed">
        Pick two versions to see them side by side.
      </Text>
    </Stack>
  );
}
