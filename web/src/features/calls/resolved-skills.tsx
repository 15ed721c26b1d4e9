import { Anchor, Badge, Card, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { MUTED_COLOR, OK_COLOR } from "../../shared/format";
import { Pager } from "../../shared/paged-table";
import { useClientPages } from "../../shared/use-client-pages";

/** Rows a page: an agent may resolve thousands of skills (CT-1). */
const SKILLS_PER_PAGE = 25;

/** CT-1: what the catalog in the prompt showed (all skills when they fit its budget). */
export interface CatalogSummary {
  shown: readonly string[];
  omitted: readonly string[];
  budget: number;
}

interface ResolvedSkill {
  name: string;
  version: number;
  versionId: string;
  pinned: boolean;
  loaded?: boolean | null;
}

/**
 * What a call or a chat session resolved (RT-10, TX-1): each skill's version, pinned or live, whether it loaded, and
 * (CT-1) whether the catalog in the prompt listed it or left it out for find_skills to find; loaded skills first, then
 * listed ones, 25 a page.
 */
export function ResolvedSkills({
  skills,
  catalog,
}: {
  skills: readonly ResolvedSkill[];
  catalog?: CatalogSummary | null;
}) {
  const omitted = new Set(catalog?.omitted ?? []);
  const listed = new Set(catalog?.shown ?? []);
  // the loaded ones first, then those the catalog listed: what a reader looks for among thousands
  const rank = (skill: ResolvedSkill) => (skill.loaded ? 0 : omitted.size > 0 && listed.has(skill.name) ? 1 : 2);
  const { rows, pager } = useClientPages(
    [...skills].sort((a, b) => rank(a) - rank(b)),
    SKILLS_PER_PAGE,
  );
  return (
    <Card withBorder component="section" aria-label="Resolved skills">
      <Title order={2} size="h5" mb="xs">
        Resolved skills
      </Title>
      {catalog && omitted.size > 0 ? (
        <Text size="sm" mb="xs" data-testid="catalog-summary">
          The catalog listed {catalog.shown.length} of {catalog.shown.length + omitted.size} skills within its budget of{" "}
          {catalog.budget.toLocaleString("en")} characters; {omitted.size} were left out (the model finds them with
          find_skills).
        </Text>
      ) : null}
      {skills.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: the agent lists no skill.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.name}>
                {/* The version under the name keeps the row to three columns that fit beside the timeline. Names
                    break at their hyphens, and mid-part only when one part alone is too long: `overflow-wrap:
                    break-word` keeps the column at least as wide as a name's longest part, where `word-break:
                    break-word` let the table squeeze it to a few letters. */}
                <Table.Td style={{ overflowWrap: "break-word", wordBreak: "normal" }}>
                  <Text ff="monospace" size="sm" style={{ overflowWrap: "inherit" }}>
                    {s.name}
                  </Text>
                  <Anchor component={Link} to={`/skills/v/${s.versionId}`} size="xs" style={{ whiteSpace: "nowrap" }}>
                    version {s.version}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {s.pinned ? (
                      <Badge variant="light" color={MUTED_COLOR}>
                        pinned
                      </Badge>
                    ) : (
                      <Badge variant="light">live</Badge>
                    )}
                    {omitted.has(s.name) ? (
                      <Badge variant="outline" color={MUTED_COLOR}>
                        left out
                      </Badge>
                    ) : omitted.size > 0 && listed.has(s.name) ? (
                      <Badge variant="light" color={OK_COLOR}>
                        listed
                      </Badge>
                    ) : null}
                  </Group>
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
      <Pager label="Resolved skills" {...pager} />
    </Card>
  );
}
