import { useQuery } from "@apollo/client/react";
import { Button, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import type { Problem } from "../../shared/errors";
import { FAILED_COLOR } from "../../shared/format";
import { SKILL_NAMES, SKILL_VERSIONS_FOR_PICKER } from "./agent-documents";
import { PinPicker } from "./pin-picker";

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
  problems: Problem[];
  readOnly: boolean;
  onChange(e: SkillEntry): void;
  onRemove(): void;
}) {
  const { entry, index, problems } = props;
  const { data } = useQuery(SKILL_VERSIONS_FOR_PICKER, { variables: { name: entry.name }, skip: !entry.name });
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
  const { data } = useQuery(SKILL_NAMES);
  const names = [...new Set((data?.skills.items ?? []).map((s) => s.name))].filter(
    (n) => !entries.some((e) => e.name === n),
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        Skills
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No skills: the agent runs with its prompt and tools only.
        </Text>
      ) : null}
      {entries.map((entry, i) => (
        <Entry
          key={entry.name}
          entry={entry}
          index={i}
          problems={problems}
          readOnly={readOnly}
          onChange={(e) => onChange(entries.map((x, j) => (j === i ? e : x)))}
          onRemove={() => onChange(entries.filter((_, j) => j !== i))}
        />
      ))}
      {readOnly ? null : (
        <Select
          label="Add a skill"
          placeholder={names.length ? "Pick a published skill" : "No other published skill"}
          data={names}
          value={null}
          searchable
          onChange={(name) => name && onChange([...entries, { name, versionId: null }])}
          w={320}
        />
      )}
    </Stack>
  );
}
