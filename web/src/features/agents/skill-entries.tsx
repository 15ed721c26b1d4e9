import { useQuery } from "@apollo/client/react";
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import type { Problem } from "../../shared/errors";
import { FAILED_COLOR } from "../../shared/format";
import { Pager } from "../../shared/paged-table";
import { useClientPages } from "../../shared/use-client-pages";
import { LIVE_VERSIONS_OF, SKILL_NAMES, SKILL_VERSIONS_FOR_PICKER } from "./agent-documents";
import { PinPicker } from "./pin-picker";

/** Entries shown at once: an agent may list thousands of skills (CT-1). */
export const ENTRIES_PER_PAGE = 20;

export interface SkillEntry {
  name: string;
  versionId: string | null;
}

/** The messages of the save-time refusals about entry i (`skills[i].name`, `skills[i].version_id`, `skills[i].tools…`). */
export function entryErrors(problems: Problem[], i: number, field?: "name" | "version_id") {
  const prefix = `skills[${i}]`;
  return (
    problems
      .filter((p) =>
        field ? p.path === `${prefix}.${field}` : p.path.startsWith(prefix) && !/\.(name|version_id)$/.test(p.path),
      )
      .map((p) => p.message)
      .join(" ") || undefined
  );
}

function Entry(props: {
  entry: SkillEntry;
  index: number;
  /** The live version's number (null: none; undefined: not known yet). */
  live: number | null | undefined;
  problems: Problem[];
  readOnly: boolean;
  onChange(e: SkillEntry): void;
  onRemove(): void;
}) {
  const { entry, index, problems } = props;
  // a skill's versions are read when its list is opened, or at once when it is pinned (to name the pinned version)
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(SKILL_VERSIONS_FOR_PICKER, {
    variables: { name: entry.name },
    skip: !entry.name || !(opened || entry.versionId),
  });
  const other = entryErrors(problems, index);
  return (
    <Card withBorder p="sm" aria-label={`Skill entry ${entry.name}`}>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <Text ff="monospace" fw={600} w={160} pb={8} truncate title={entry.name}>
            {entry.name}
          </Text>
          <PinPicker
            skill={entry.name}
            versions={data?.skills.items ?? []}
            live={props.live}
            onOpen={() => setOpened(true)}
            value={entry.versionId}
            onChange={(versionId) => props.onChange({ ...entry, versionId })}
            error={entryErrors(problems, index, "version_id") ?? entryErrors(problems, index, "name")}
            readOnly={props.readOnly}
          />
        </Group>
        {props.readOnly ? null : (
          <Group gap="xs">
            {entry.versionId ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => props.onChange({ ...entry, versionId: null })}
                title="Follow the live version instead of the pinned one"
              >
                Unpin {entry.name}
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" color={FAILED_COLOR} onClick={props.onRemove}>
              Remove {entry.name}
            </Button>
          </Group>
        )}
      </Group>
      {other ? (
        <Text c="red" size="sm" role="alert">
          {other}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * UX-4 at catalog scale (CT-1): the agent's skills a page at a time, filtered by name, their live versions read in one
 * request per page; a skill to add is searched for by name on the server, so every published skill can be added.
 */
export function SkillEntries({
  entries,
  onChange,
  problems,
  readOnly,
}: {
  entries: SkillEntry[];
  onChange(e: SkillEntry[]): void;
  problems: Problem[];
  readOnly: boolean;
}) {
  const [filter, setFilter] = useState("");
  const wanted = filter.trim().toLowerCase();
  // positions in `entries`: save-time problems name entries by position
  const matching = entries.flatMap((entry, i) => (entry.name.toLowerCase().includes(wanted) ? [i] : []));
  const { rows: shown, setPage, pager } = useClientPages(matching, ENTRIES_PER_PAGE);
  const names = shown.map((i) => entries[i]!.name);
  const { data: live } = useQuery(LIVE_VERSIONS_OF, { variables: { names }, skip: names.length === 0 });
  const liveOf = (name: string) =>
    live ? (live.skills.items.find((v) => v.name === name)?.version ?? null) : undefined;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        Skills{entries.length > 0 ? ` (${entries.length})` : ""}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No skills: the agent runs with its prompt and tools only.
        </Text>
      ) : null}
      {entries.length > ENTRIES_PER_PAGE ? (
        <TextInput
          label="Filter the agent's skills"
          placeholder="Part of a name"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
      ) : null}
      {entries.length > 0 && matching.length === 0 ? (
        <Text size="sm" c="dimmed">
          No skill of the agent has “{filter.trim()}” in its name.
        </Text>
      ) : null}
      {shown.map((i) => (
        <Entry
          key={entries[i]!.name}
          entry={entries[i]!}
          index={i}
          live={liveOf(entries[i]!.name)}
          problems={problems}
          readOnly={readOnly}
          onChange={(e) => onChange(entries.map((x, j) => (j === i ? e : x)))}
          onRemove={() => onChange(entries.filter((_, j) => j !== i))}
        />
      ))}
      <Pager label="The agent's skills" {...pager} />
      {readOnly ? null : (
        <AddSkill
          listed={entries}
          onAdd={(name) => {
            onChange([...entries, { name, versionId: null }]);
            // the new entry is the last: shown at once
            setFilter("");
            setPage(Math.ceil((entries.length + 1) / ENTRIES_PER_PAGE));
          }}
        />
      )}
    </Stack>
  );
}

/** A published skill the agent does not list yet, found by part of its name (the server searches every skill). */
function AddSkill({ listed, onAdd }: { listed: SkillEntry[]; onAdd(name: string): void }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const { data, loading } = useQuery(SKILL_NAMES, { variables: { search: debounced || null } });
  const names = [...new Set((data?.skills.items ?? []).map((s) => s.name))].filter(
    (n) => !listed.some((e) => e.name === n),
  );
  return (
    <Select
      label="Add a skill"
      description="Type part of a name to find any published skill."
      placeholder={names.length || debounced || loading ? "Pick a published skill" : "No other published skill"}
      data={names}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={loading ? "Searching…" : `No published skill has “${debounced}” in its name`}
      onChange={(name) => {
        if (!name) return;
        onAdd(name);
        setSearch("");
      }}
      w={320}
    />
  );
}
