import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link } from "react-router";
import type { SkillsListQuery, VersionState } from "../../gql/graphql";
import { authorOf, FAILED_COLOR, stateColor, when } from "../../shared/format";
import { FilterBar } from "../../shared/filter-bar";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { ErrorNotice } from "../../shared/states";
import { useUrlFilters } from "../../shared/use-url-filters";
import { RolloutBadge, useActiveRollouts } from "../rollouts/active-rollout";
import { useCanWrite } from "../sign-in/session-context";
import { ImportZipButton, useZipImport } from "./bundle-buttons";
import { SKILLS_LIST } from "./skill-documents";

const LIMIT = 20;
type Skill = SkillsListQuery["skills"]["items"][number];

type Rollouts = ReturnType<typeof useActiveRollouts>;

// names, states and dates stay on one line at 1280 px; the description wraps instead
const columns = (rollouts: Rollouts): Array<Column<Skill>> => [
  {
    header: "Name",
    maxWidth: 260,
    minWidth: 170,
    cell: (s) => (
      <Anchor component={Link} to={`/skills/v/${s.id}`} ff="monospace" style={{ wordBreak: "break-word" }}>
        {s.name}
      </Anchor>
    ),
  },
  { header: "Version", nowrap: true, cell: (s) => s.version },
  {
    header: "State",
    nowrap: true,
    cell: (s) => {
      // UX-8: a running rollout shows on the live version and on its candidate
      const rollout = rollouts.get(s.name);
      const involved = rollout && (s.state === "PUBLISHED" || rollout.candidate.id === s.id);
      return (
        <Group gap={6} wrap="nowrap">
          <Badge color={stateColor(s.state)} variant="light">
            {s.state.toLowerCase()}
          </Badge>
          {involved ? <RolloutBadge rollout={rollout} onLive={s.state === "PUBLISHED"} /> : null}
          {/* CR-5: a version whose content review blocks it (a live one flagged by a new rules version) */}
          {s.review.status === "blocked" ? (
            <Badge
              color={FAILED_COLOR}
              variant="light"
              title={`Content review: highest ${s.review.highest?.toLowerCase()}`}
            >
              {s.state === "PUBLISHED" ? "flagged" : "blocked"}
            </Badge>
          ) : null}
        </Group>
      );
    },
  },
  {
    header: "Description",
    maxWidth: 420,
    cell: (s) => (
      <Text size="sm" lineClamp={2}>
        {s.description}
      </Text>
    ),
  },
  { header: "By", maxWidth: 180, cell: (s) => authorOf(s) },
  { header: "Updated", nowrap: true, cell: (s) => when(s.updatedAt) },
];

export default function SkillsListPage() {
  const canWrite = useCanWrite();
  const zip = useZipImport();
  const rollouts = useActiveRollouts();
  const filters = useUrlFilters(["name", "state"]);
  const [name] = useDebouncedValue(filters.values.name?.trim() ?? "", 300);
  const state = (filters.values.state ?? "ALL") as VersionState | "ALL";
  const query = useQuery(SKILLS_LIST, {
    variables: { search: name || null, state: state === "ALL" ? null : state, page: filters.page, limit: LIMIT },
  });
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
      <FilterBar filters={filters}>
        <TextInput
          label="Skill name"
          placeholder="part of a name, e.g. bill"
          value={filters.values.name ?? ""}
          onChange={(e) => filters.set({ name: e.currentTarget.value })}
          w={300}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="state-filter-label">
            State
          </Text>
          <SegmentedControl
            aria-labelledby="state-filter-label"
            value={state}
            onChange={(v) => filters.set({ state: v === "ALL" ? null : v })}
            data={[
              { value: "ALL", label: "All" },
              { value: "DRAFT", label: "Draft" },
              { value: "PUBLISHED", label: "Live" },
              { value: "ARCHIVED", label: "Archived" },
            ]}
          />
        </div>
      </FilterBar>
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.skills}
        filters={filters}
        limit={LIMIT}
        errorTitle="Skills could not be listed"
        empty={
          filters.active ? "No skill version matches these filters." : "No skills yet. Create one with “New skill”."
        }
        label="Skills"
        columns={columns(rollouts)}
        rowKey={(s) => s.id}
      />
    </Stack>
  );
}
