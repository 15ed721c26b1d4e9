import { useQuery } from "@apollo/client/react";
import { Navigate, useParams } from "react-router";
import { graphql } from "../../gql";
import { QueryState } from "../../shared/query-state";
import { NotFound } from "../../shared/states";

const AGENT_TO_OPEN = graphql(`
  query AgentToOpen($agentId: ID!) {
    published: agents(agentId: $agentId, state: PUBLISHED, limit: 1) {
      items {
        id
      }
    }
    newest: agents(agentId: $agentId, latest: true, limit: 1) {
      items {
        id
      }
    }
  }
`);

/** An agent by its id (a link from a list that knows agents, not versions): its published version, else its newest. */
export default function AgentOpenPage() {
  const { agentId = "" } = useParams();
  const query = useQuery(AGENT_TO_OPEN, { variables: { agentId } });
  return (
    <QueryState
      query={query}
      errorTitle="The agent could not be opened"
      loadingLabel="Opening the agent…"
      isEmpty={(d) => d.newest.items.length === 0}
      notFound={
        <NotFound back={{ to: "/agents", label: "Back to agents" }}>
          No agent has id {agentId} in this project.
        </NotFound>
      }
    >
      {(d) => <Navigate to={`/agents/v/${(d.published.items[0] ?? d.newest.items[0])!.id}`} replace />}
    </QueryState>
  );
}
