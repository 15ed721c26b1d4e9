import { useQuery } from "@apollo/client/react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { VersionState } from "../../gql/graphql";
import { authorOf, stateColor, when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { ImportZipButton, useZipImport } from "./bundle-buttons";
import { SKILLS_LIST } from "./skill-documents";

const LIMIT = 20;
// names, states and dates stay on one line at 1280 px; the description wraps instead
const NOWRAP = { whiteSpace: "nowrap" } as const;

export default function SkillsListPage() {
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const zip = useZipImport();
  const [search, setSearch] = useState(params.get("name") ?? "");
  const [name] = useDebouncedValue(search.trim(), 300);
  const state = (params.get("state") ?? "ALL") as VersionState | "ALL";
  const page = Number(params.get("page") ?? "1");
  const { data, loading, error } = useQuery(SKILLS_LIST, {
    variables: { name: name || null, state: state === "ALL" ? null : state, page, limit: LIMIT },
  });
  const set = (change: Record<string, string>) => setParams({ ...Object.fromEntries(params), page: "1", ...change });

  const total = data?.skills.total ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Skills
        </Title>
        {canWrite ? (
          <Group gap="xs">
            <ImportZipButton onPick={(f) => void zip.importZip(f)} loading={zip.importing} />
            <Button component={Link} to="/skills/new">
              New skill
            </Button>
          </Group>
        ) : null}
      </Group>
      <ErrorNotice error={zip.error} title="The bundle was not imported" />
      <Group align="flex-end">
        <TextInput
          label="Skill name"
          placeholder="exact name, e.g. explain-bill"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            set({ name: e.currentTarget.value });
          }}
          w={300}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="state-filter-label">
            State
          </Text>
          <SegmentedControl
            aria-labelledby="state-filter-label"
            value={state}
            onChange={(v) => set({ state: v })}
            data={[
              { value: "ALL", label: "All" },
              { value: "DRAFT", label: "Draft" },
              { value: "PUBLISHED", label: "Live" },
              { value: "ARCHIVED", label: "Archived" },
            ]}
          />
        </div>
      </Group>
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Skills could not be listed" />
      {data && total === 0 ? (
        <Empty>
          {name || state !== "ALL"
            ? "No skill version matches these filters."
            : "No skills yet. Create one with “New skill”."}
        </Empty>
      ) : null}
      {data && total > 0 ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.skills.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td style={NOWRAP}>
                  <Anchor component={Link} to={`/skills/v/${s.id}`} ff="monospace">
                    {s.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.version}</Table.Td>
                <Table.Td style={NOWRAP}>
                  <Badge color={stateColor(s.state)} variant="light" style={{ overflow: "visible" }}>
                    {s.state.toLowerCase()}
                  </Badge>
                </Table.Td>
                <Table.Td maw={420}>
                  <Text size="sm" lineClamp={2}>
                    {s.description}
                  </Text>
                </Table.Td>
                <Table.Td>{authorOf(s)}</Table.Td>
                <Table.Td style={NOWRAP}>{when(s.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {total > LIMIT ? (
        <Pagination
          total={Math.ceil(total / LIMIT)}
          value={page}
          onChange={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
          aria-label="Pages"
        />
      ) : null}
    </Stack>
  );
}
