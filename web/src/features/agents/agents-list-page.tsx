import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { when, stateColor } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { AGENTS_LIST } from "./agent-documents";

export default function AgentsListPage() {
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(AGENTS_LIST, { variables: { page: 1, limit: 200 } });
  // Newest first: the first version listed of each agent is its newest.
  const seen = new Set<string>();
  const agents = (data?.agents.items ?? []).filter((v) => (seen.has(v.agentId) ? false : (seen.add(v.agentId), true)));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Agents
        </Title>
        {canWrite ? (
          <Button component={Link} to="/agents/new">
            New agent
          </Button>
        ) : null}
      </Group>
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Agents could not be listed" />
      {data && agents.length === 0 ? <Empty>No agents yet.</Empty> : null}
      {agents.length > 0 ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Newest version</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th>Skills</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th>Try</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((a) => (
              <Table.Tr key={a.agentId}>
                <Table.Td>
                  <Anchor component={Link} to={`/agents/v/${a.id}`}>
                    {a.name}
                  </Anchor>
                  {a.alias ? (
                    <Text span c="dimmed" size="sm">
                      {" "}
                      ({a.alias})
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {a.version}{" "}
                  <Badge color={stateColor(a.state)} variant="light">
                    {a.state.toLowerCase()}
                  </Badge>
                </Table.Td>
                <Table.Td>{a.mode.toLowerCase()}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {a.skills.map((s) => `${s.name}${s.versionId ? " (pinned)" : ""}`).join(", ") || "—"}
                  </Text>
                </Table.Td>
                <Table.Td>{when(a.updatedAt)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/agents/${a.agentId}/try`}>
                    Try {a.name}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
