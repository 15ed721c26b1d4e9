import { graphql } from "../../gql";

export const KNOWLEDGE_BASE_LIST = graphql(`
  query KnowledgeBaseList {
    knowledgeBases {
      id
      name
      description
      createdAt
      documents {
        id
      }
      skillVersions {
        id
        name
        version
        state
      }
      agentVersions {
        id
        name
        version
        state
      }
    }
  }
`);

export const READ_KNOWLEDGE_BASE = graphql(`
  query ReadKnowledgeBase($id: ID!) {
    knowledgeBase(id: $id) {
      id
      name
      description
      topK
      similarityThreshold
      createdAt
      documents {
        id
        title
        content
        createdAt
      }
      skillVersions {
        id
        name
        version
        state
      }
      agentVersions {
        id
        agentId
        name
        version
        state
      }
    }
  }
`);

export const CREATE_KNOWLEDGE_BASE = graphql(`
  mutation CreateKnowledgeBase($input: KnowledgeBaseInput!) {
    createKnowledgeBase(input: $input) {
      id
      name
    }
  }
`);

export const ADD_KNOWLEDGE_DOCUMENT = graphql(`
  mutation AddKnowledgeDocument($knowledgeBaseId: ID!, $title: String!, $content: String!) {
    addKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, title: $title, content: $content) {
      id
      title
    }
  }
`);

export const DELETE_KNOWLEDGE_DOCUMENT = graphql(`
  mutation DeleteKnowledgeDocument($id: ID!) {
    deleteKnowledgeDocument(id: $id)
  }
`);
