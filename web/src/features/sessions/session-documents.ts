import { graphql } from "../../gql";

export const SESSIONS_LIST = graphql(`
  query SessionsList($agentId: ID, $createdAfter: DateTime, $createdBefore: DateTime, $page: Int!, $limit: Int!) {
    chatSessions(
      agentId: $agentId
      createdAfter: $createdAfter
      createdBefore: $createdBefore
      page: $page
      limit: $limit
    ) {
      total
      items {
        id
        agentId
        agentName
        createdAt
        loadedSkills
        messageCount
        firstUserMessage
      }
    }
  }
`);

export const READ_SESSION = graphql(`
  query ReadSession($id: ID!) {
    chatSession(id: $id) {
      id
      agentId
      agentName
      createdAt
      variables
      warnings
      loadedSkills
      systemPrompt
      skills {
        ...ResolvedSkillFields
      }
      catalog {
        ...CatalogFields
      }
      tools {
        name
        source
      }
      messages {
        role
        content
        toolCalls
        toolCallId
        at
      }
      toolInvocations {
        ...ToolInvocationFields
      }
    }
  }
`);
