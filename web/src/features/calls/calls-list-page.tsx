import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Group, Pagination, Select, Stack, Table, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link, useSearchParams } from "react-router";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { AGENT_CHOICES, CALLS_LIST } from "./call-documents";

const LIMIT = 25;
const SINCE: Record<string, number> = { "1h": 3600e3, "24h": 86400e3, "7d": 7 * 86400e3 };

export default function CallsListPage() {
  const [params, setParams] = useSearchParams();
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== "page") next.delete("page");
    setParams(next);
  };
  const [skill] = useDebouncedValue(params.get("skill") ?? "", 300);
  const since = params.get("since");
  const page = Number(params.get("page") ?? "1");
  const agents = useQuery(AGENT_CHOICES);
  const { data, loading, error } = useQuery(CALLS_LIST, {
    variables: {
      agentId: params.get("agent"),
      skillName: skill || null,
      status: params.get("status"),
      startedAfter: since && SINCE[since] ? new Date(Date.now() - SINCE[since]).toISOString() : null,
      page,
      limit: LIMIT,
    },
  });
  const agentOptions = [...new Map((agents.data?.agents.items ?? []).map((a) => [a.agentId, a.name])).entries()].map(
    ([value, label]) => ({ value, label }),
  );
  const total = data?.calls.total ?? 0;
  return (
    <Stack>
      <Title order={1} size="h3">
        Calls
      </Title>
      <Group align="flex-end">
        <Select
          label="Agent"
          data={agentOptions}
          value={params.get("agent")}
          onChange={(v) => set("agent", v)}
          clearable
          placeholder="Any agent"
          w={220}
        />
        <TextInput
          label="Skill"
          value={params.get("skill") ?? ""}
          onChange={(e) => set("skill", e.currentTarget.value)}
          placeholder="Skill name"
          w={200}
        />
        <Select
          label="Status"
          data={["active", "ended"]}
          value={params.get("status")}
          onChange={(v) => set("status", v)}
          clearable
          placeholder="Any"
          w={140}
        />
        <Select
          label="Started"
          data={[
            { value: "1h", label: "Last hour" },
            { value: "24h", label: "Last 24 hours" },
            { value: "7d", label: "Last 7 days" },
          ]}
          value={since}
          onChange={(v) => set("since", v)}
          clearable
          placeholder="Any time"
          w={170}
        />
      </Group>
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Calls could not be listed" />
      {data && total === 0 ? <Empty>No calls match. Start one from an agent's “Try it” page.</Empty> : null}
      {total > 0 ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Call</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Loaded skills</Table.Th>
              <Table.Th>Started</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data!.calls.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/calls/${c.id}`} ff="monospace">
                    {c.id.slice(0, 8)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.agentName}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={c.status === "active" ? "#1b6e2f" : "#495057"}>
                    {c.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.loadedSkills.join(", ") || "—"}</Table.Td>
                <Table.Td>{when(c.startedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {total > LIMIT ? (
        <Pagination total={Math.ceil(total / LIMIT)} value={page} onChange={(p) => set("page", String(p))} />
      ) : null}
    </Stack>
  );
}
