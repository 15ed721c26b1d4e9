import { useQuery } from "@apollo/client/react";
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { graphql } from "../../gql";
import { naturalCompare } from "../../shared/natural-order";

/** How many agents the picker offers at once; typing searches the server for the rest. */
const CHOICES = 50;

export const AGENT_CHOICES = graphql(`
  query AgentChoices($search: String, $limit: Int!, $latest: Boolean, $state: VersionState) {
    agents(latest: $latest, state: $state, search: $search, limit: $limit) {
      items {
        agentId
        name
      }
    }
  }
`);

/** One agent by id, by its newest version's name (the filter's choice, the try-it page's title). */
export const AGENT_CHOSEN = graphql(`
  query AgentChosen($agentId: ID!) {
    agents(agentId: $agentId, latest: true, limit: 1) {
      items {
        agentId
        name
      }
    }
  }
`);

/**
 * Picks one of the project's agents by name (a list's filter, UX-5, UX-9): each agent once, by its newest version;
 * typing searches every agent on the server, so an agent past the first page can still be picked.
 */
export function AgentFilter({
  value,
  onChange,
  published = false,
  placeholder = "Any agent",
  error,
}: {
  value: string | null;
  onChange(agentId: string | null): void;
  /** Only agents with a published version, by its name (what an eval run can run). */
  published?: boolean;
  placeholder?: string;
  error?: string;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const chosen = useQuery(AGENT_CHOSEN, { variables: { agentId: value ?? "" }, skip: !value });
  const chosenName = chosen.data?.agents.items[0]?.name;
  // the chosen agent's name stands in the box: it lists every agent again rather than only itself
  const text = debounced.trim() && debounced !== chosenName ? debounced.trim() : null;
  const { data } = useQuery(AGENT_CHOICES, {
    variables: { search: text, limit: CHOICES, ...(published ? { state: "PUBLISHED" as const } : { latest: true }) },
  });
  const agents = new Map((data?.agents.items ?? []).map((a) => [a.agentId, a.name]));
  for (const a of chosen.data?.agents.items ?? []) agents.set(a.agentId, a.name);
  const options = [...agents.entries()]
    .map(([agentId, name]) => ({ value: agentId, label: name }))
    .sort((a, b) => naturalCompare(a.label, b.label));
  return (
    <Select
      label="Agent"
      data={options}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      searchable
      placeholder={placeholder}
      nothingFoundMessage={debounced === search ? "No agent has that name" : "Searching…"}
      error={error}
      w={200}
    />
  );
}
