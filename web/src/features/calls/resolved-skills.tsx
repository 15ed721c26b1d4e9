import { Anchor, Badge, Card, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { MUTED_COLOR, OK_COLOR } from "../../shared/format";

interface ResolvedSkill {
  name: string;
  version: number;
  versionId: string;
  pinned: boolean;
  loaded?: boolean | null;
}

/** What a call or a chat session resolved (RT-10, TX-1): each skill's version, pinned or live, and whether it loaded. */
export function ResolvedSkills({ skills }: { skills: readonly ResolvedSkill[] }) {
  return (
    <Card withBorder component="section" aria-label="Resolved skills">
      <Title order={2} size="h5" mb="xs">
        Resolved skills
      </Title>
      {skills.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: the agent lists no skill.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {skills.map((s) => (
              <Table.Tr key={s.name}>
                <Table.Td ff="monospace" style={{ wordBreak: "break-word" }}>
                  {s.name}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Anchor component={Link} to={`/skills/v/${s.versionId}`} size="sm">
                    version {s.version}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {s.pinned ? (
                    <Badge variant="light" color={MUTED_COLOR}>
                      pinned
                    </Badge>
                  ) : (
                    <Badge variant="light">live</Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {s.loaded ? (
                    <Badge color={OK_COLOR}>loaded</Badge>
                  ) : (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      not loaded
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
