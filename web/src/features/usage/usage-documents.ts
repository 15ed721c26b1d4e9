import { graphql } from "../../gql";

export const USAGE_ROW_FIELDS = graphql(`
  fragment UsageRowFields on SkillUsage {
    skill
    agentId
    agentName
    agentVersion
    agentVersionId
    agentState
    projectId
    pinned
    resolvesTo {
      id
      version
      state
      revoked
    }
  }
`);

/** UX-7 on a skill's page: who uses it, its live version, and the names of the projects linked to this one. */
export const SKILL_USAGE_GRAPH = graphql(`
  query SkillUsageGraph($name: String!) {
    skillUsage(name: $name) {
      ...UsageRowFields
    }
    live: skills(name: $name, state: PUBLISHED, limit: 1) {
      items {
        id
        version
      }
    }
    versions: skills(name: $name, limit: 1) {
      total
    }
    project {
      id
      name
      linkedProjects {
        id
        name
      }
    }
  }
`);

/** UX-7 on an agent's page: the agent's skills and who else uses each. */
export const AGENT_USAGE_GRAPH = graphql(`
  query AgentUsageGraph($id: ID!) {
    agentVersion(id: $id) {
      id
      agentId
      name
      version
      state
      skills {
        name
        versionId
      }
      skillUsage {
        ...UsageRowFields
      }
    }
    project {
      id
      name
      linkedProjects {
        id
        name
      }
    }
  }
`);
