import { useLazyQuery } from "@apollo/client/react";
import { Badge, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { MUTED_COLOR, OK_COLOR } from "../../shared/format";
import { ErrorNotice } from "../../shared/states";
import type { Draft } from "../../shared/use-draft";
import { AGENT_SKILL_SEARCH } from "./agent-documents";
import type { AgentFields, AgentVersion } from "./use-agent-draft";

/**
 * CT-1: how the version's skills fit in its catalog budget, in words (no skills, one, all, some left out). `entries`
 * is how many skills the version lists: one can resolve to nothing (a pin to a revoked version).
 */
export function catalogFitText(
  catalog: { shown: readonly string[]; omitted: readonly string[]; budget: number },
  entries: number,
) {
  const total = catalog.shown.length + catalog.omitted.length;
  const budget = `${catalog.budget.toLocaleString("en")} characters`;
  if (total === 0)
    return entries === 0
      ? "No skills yet: the catalog is empty."
      : "None of this version's skills can be served now: the catalog is empty.";
  if (catalog.omitted.length === 0)
    return total === 1
      ? `The one skill fits in ${budget}: the catalog lists it.`
      : `All ${total} skills fit in ${budget}: the catalog lists them all.`;
  const left = catalog.omitted.length === 1 ? "1 is left out" : `${catalog.omitted.length} are left out`;
  return `${catalog.shown.length} of ${total} skills fit in ${budget} now; ${left} until a conversation makes them relevant or find_skills finds them.`;
}

/**
 * CT-1, CT-2 in the agent editor: the catalog budget, how many of the version's skills fit in it now and which are
 * left out, and a box to try a request against the ranking find_skills answers (the published version's).
 */
export function CatalogPanel(props: {
  version: AgentVersion | null;
  draft: Pick<Draft<AgentFields, string>, "values" | "edit" | "fieldError">;
  readOnly: boolean;
}) {
  const { version, draft } = props;
  const catalog = version?.catalog ?? null;
  return (
    <Card withBorder component="section" aria-label="Catalog">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Catalog
        </Title>
        <NumberInput
          label="Catalog budget (characters)"
          description="How much of the prompt the list of skills (name and description) may take. Past it, the skills most likely needed are listed and the model searches the rest with find_skills."
          min={0}
          max={1_000_000}
          step={500}
          thousandSeparator=","
          value={draft.values.catalogBudget}
          onChange={(v) => draft.edit({ catalogBudget: typeof v === "number" ? v : 8000 })}
          readOnly={props.readOnly}
          error={draft.fieldError("catalog_budget")}
        />
        {catalog ? (
          <Text size="sm" data-testid="catalog-fit">
            {catalogFitText(catalog, version?.skills.length ?? 0)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Save the agent to see how many of its skills fit.
          </Text>
        )}
        {catalog && catalog.omitted.length > 0 ? <OmittedSkills names={catalog.omitted} /> : null}
        {version ? <CatalogTest agentId={version.agentId} published={version.state !== "DRAFT"} /> : null}
      </Stack>
    </Card>
  );
}

/** Badges shown before "Show all": an agent of thousands of skills leaves most of them out. */
const OMITTED_SHOWN = 24;

function OmittedSkills({ names }: { names: readonly string[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? names : names.slice(0, OMITTED_SHOWN);
  return (
    <Group gap={6} aria-label="Skills left out of the catalog">
      {shown.map((name) => (
        <Badge key={name} variant="outline" color={MUTED_COLOR} tt="none">
          {name}
        </Badge>
      ))}
      {names.length > shown.length ? (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)}>
          Show all {names.length.toLocaleString("en")}
        </Button>
      ) : null}
    </Group>
  );
}

function CatalogTest({ agentId, published }: { agentId: string; published: boolean }) {
  const [request, setRequest] = useState("");
  const [search, result] = useLazyQuery(AGENT_SKILL_SEARCH, { fetchPolicy: "network-only" });
  const matches = result.data?.agentSkillSearch ?? null;
  return (
    <form
      aria-label="Test the catalog"
      onSubmit={(e) => {
        e.preventDefault();
        if (request.trim()) void search({ variables: { agentId, query: request } }).catch(() => undefined);
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Test the catalog"
            description={
              published
                ? "Type a request as a user would: the skills find_skills would answer, best first."
                : "Searches the agent's published version (find_skills answers for it)."
            }
            placeholder="e.g. merge two PDF files"
            value={request}
            onChange={(e) => setRequest(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={result.loading}>
            Search
          </Button>
        </Group>
        <ErrorNotice error={result.error} title="The search failed" />
        {matches && matches.length === 0 ? (
          <Text size="sm" c="dimmed">
            No skill of this agent matches that request.
          </Text>
        ) : null}
        {matches && matches.length > 0 ? (
          <Table aria-label="find_skills ranking">
            <Table.Tbody>
              {matches.map((m, i) => (
                <Table.Tr key={m.name}>
                  <Table.Td>
                    <Badge variant="light" color={i === 0 ? OK_COLOR : MUTED_COLOR}>
                      {i + 1}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm" fw={600}>
                      {m.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {m.description}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="xs">{m.score.toFixed(2)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </form>
  );
}
