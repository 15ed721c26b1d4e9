import { useQuery } from "@apollo/client/react";
import { Select } from "@mantine/core";
import { graphql } from "../../gql";

export const AGENT_CHOICES = graphql(`
  query AgentChoices {
    agents(limit: 200) {
      items {
        agentId
        name
      }
    }
  }
`);

/** Picks one of the project's agents by name (a list's filter); each agent once, however many versions it has. */
export function AgentFilter({ value, onChange }: { value: string | null; onChange(agentId: string | null): void }) {
  const { data } = useQuery(AGENT_CHOICES);
  const options = [...new Map((data?.agents.items ?? []).map((a) => [a.agentId, a.name])).entries()].map(
    ([agentId, name]) => ({ value: agentId, label: name }),
  );
  return (
    <Select
      label="Agent"
      data={options}
      value={value}
      onChange={onChange}
      clearable
      searchable
      placeholder="Any agent"
      w={200}
    />
  );
}
