import { graphql } from "../../gql";

export const AGENTS_LIST = graphql(`
  query AgentsList($page: Int!, $limit: Int!) {
    agents(latest: true, page: $page, limit: $limit) {
      total
      items {
        id
        agentId
        name
        alias
        version
        state
        mode
        updatedAt
        skills {
          name
          versionId
        }
      }
    }
  }
`);

export const AGENT_VERSION = graphql(`
  query AgentVersionFull($id: ID!) {
    agentVersion(id: $id) {
      id
      agentId
      name
      alias
      version
      state
      mode
      prompt
      maxLoadedSkills
      catalogBudget
      catalog {
        ...CatalogFields
      }
      warnings
      handoffTargets
      knowledgeBaseIds
      createdBy
      createdByName
      updatedAt
      skills {
        name
        versionId
      }
      skillUsage {
        skill
        pinned
        resolvesTo {
          id
          version
          revoked
          revokedReason
        }
      }
      tools {
        name
        description
        parameters
        webhookUrl
        webhookSecret
      }
      model {
        baseUrl
        model
        apiKey
      }
      mcpServers {
        name
        url
        headers
      }
    }
  }
`);

export const SAVE_AGENT = graphql(`
  mutation SaveAgent($input: AgentInput!, $agentId: ID) {
    saveAgent(input: $input, agentId: $agentId) {
      id
      agentId
      version
      state
      warnings
    }
  }
`);

export const PUBLISH_AGENT = graphql(`
  mutation PublishAgentVersion($id: ID!) {
    publishAgentVersion(id: $id) {
      id
      state
      publishedAt
    }
  }
`);

export const SKILL_NAMES = graphql(`
  query LiveSkillNames($search: String) {
    skills(state: PUBLISHED, search: $search, limit: 20) {
      items {
        id
        name
      }
    }
  }
`);

export const LIVE_VERSIONS_OF = graphql(`
  query LiveVersionsOf($names: [String!]!) {
    skills(state: PUBLISHED, names: $names, limit: 200) {
      items {
        id
        name
        version
      }
    }
  }
`);

export const SKILL_VERSIONS_FOR_PICKER = graphql(`
  query SkillVersionsForPicker($name: String!) {
    skills(name: $name, limit: 100) {
      items {
        id
        version
        state
        revoked
      }
    }
  }
`);

export const DELETE_AGENT = graphql(`
  mutation DeleteAgent($agentId: ID!) {
    deleteAgent(agentId: $agentId)
  }
`);

/** CT-2: the ranking find_skills answers for the agent's published version. */
export const AGENT_SKILL_SEARCH = graphql(`
  query AgentSkillSearch($agentId: ID!, $query: String!) {
    agentSkillSearch(agentId: $agentId, query: $query, limit: 5) {
      name
      description
      score
    }
  }
`);
