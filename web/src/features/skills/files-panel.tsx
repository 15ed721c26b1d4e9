import { Button, FileButton, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { downloadBase64, fileToBase64 } from "../../shared/download";
import type { Problem } from "../../shared/errors";
import type { FileRow } from "./skill-content";
import { FAILED_COLOR } from "../../shared/format";

interface Props {
  files: FileRow[];
  onChange(files: FileRow[]): void;
  problems: Problem[];
  readOnly: boolean;
}

// The Agent Skills folders a bundle's files live in.
const FOLDERS = ["references", "scripts", "assets"];

/** The bundle's other files (scripts/, references/, assets/): upload into a folder, download, remove. */
export function FilesPanel({ files, onChange, problems, readOnly }: Props) {
  const [folder, setFolder] = useState(FOLDERS[0]);
  async function add(list: File[]) {
    const added = await Promise.all(
      list.map(async (f) => ({ path: `${folder}/${f.name}`, contentBase64: await fileToBase64(f), size: f.size })),
    );
    onChange([...files.filter((f) => !added.some((a) => a.path === f.path)), ...added]);
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Files
        </Title>
        {readOnly ? null : (
          <Group gap="xs" align="flex-end">
            <NativeSelect
              size="xs"
              label="Upload into"
              data={FOLDERS.map((f) => ({ value: f, label: `${f}/` }))}
              value={folder}
              onChange={(e) => setFolder(e.currentTarget.value)}
            />
            <FileButton multiple onChange={(list) => void add(list)}>
              {(props) => (
                <Button size="xs" variant="default" {...props}>
                  Upload files
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files besides SKILL.md.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Path</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((f, i) => (
              <Table.Tr key={f.path}>
                <Table.Td ff="monospace">
                  {f.path}
                  {problems
                    .filter((p) => p.path.startsWith(`files[${i}]`))
                    .map((p) => (
                      <Text key={p.message} c="red" size="xs">
                        {p.message}
                      </Text>
                    ))}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{f.size} bytes</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Download ${f.path}`}
                      onClick={() => downloadBase64(f.path.split("/").pop() ?? f.path, f.contentBase64)}
                    >
                      Download
                    </Button>
                    {readOnly ? null : (
                      <Button
                        size="compact-xs"
                        color={FAILED_COLOR}
                        variant="subtle"
                        aria-label={`Remove ${f.path}`}
                        onClick={() => onChange(files.filter((x) => x.path !== f.path))}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
