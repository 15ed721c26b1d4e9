import { graphql } from "../../gql";

/** PV-3: who loses the version (the impact preview's rows: SkillVersion.usage) and what could go live instead. */
export const REVOKE_CONTEXT = graphql(`
  query RevokeContext($id: ID!, $name: String!) {
    skillVersion(id: $id) {
      id
      name
      version
      state
      usage {
        agentVersionId
        agentName
        agentVersion
        agentState
        projectId
        pinned
        resolvesTo {
          id
        }
      }
    }
    skills(name: $name, state: ARCHIVED, limit: 100) {
      items {
        id
        version
        revoked
      }
    }
  }
`);

export const REVOKE_SKILL_VERSION = graphql(`
  mutation RevokeSkillVersion($id: ID!, $reason: String!, $rollbackTo: ID) {
    revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) {
      id
      state
      revoked
      revokedReason
      revokedAt
    }
  }
`);
