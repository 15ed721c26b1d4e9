import { graphql } from "../../gql";

export const SKILLS_LIST = graphql(`
  query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {
    skills(search: $search, state: $state, page: $page, limit: $limit) {
      total
      page
      limit
      items {
        id
        name
        version
        state
        description
        createdBy
        createdByName
        updatedAt
        publishedAt
        review {
          status
          highest
        }
      }
    }
  }
`);

export const SKILL_VERSION = graphql(`
  query SkillVersionFull($id: ID!) {
    skillVersion(id: $id) {
      id
      name
      version
      state
      skillMd
      description
      warnings
      createdBy
      createdByName
      createdAt
      updatedAt
      publishedAt
      revoked
      revokedReason
      revokedAt
      usage {
        agentVersionId
      }
      tools {
        name
        description
        parameters
        webhookUrl
        webhookSecret
      }
      files {
        path
        size
        sha256
        contentBase64
      }
      knowledgeBases {
        mode
        knowledgeBase {
          id
          name
        }
      }
    }
  }
`);

export const KNOWLEDGE_BASES = graphql(`
  query KnowledgeBaseChoices {
    knowledgeBases {
      id
      name
    }
  }
`);

export const CREATE_SKILL_VERSION = graphql(`
  mutation CreateSkillVersion($input: SkillVersionInput!) {
    createSkillVersion(input: $input) {
      id
      name
      version
      state
      warnings
    }
  }
`);

export const UPDATE_SKILL_VERSION = graphql(`
  mutation UpdateSkillVersion($id: ID!, $input: SkillVersionInput!) {
    updateSkillVersion(id: $id, input: $input) {
      id
      name
      version
      state
      warnings
      updatedAt
      # AP-3: an edit changes the digest and outdates approvals; the review panel reads both from the cache
      digest
      approvalRefusal
      approvals {
        ...ApprovalFields
      }
      # CR-1: an edit is reviewed again (and drops suppressions): the findings and the publish button read it
      review {
        ...ContentReviewFields
      }
    }
  }
`);

export const PUBLISH_SKILL_VERSION = graphql(`
  mutation PublishSkillVersion($id: ID!) {
    publishSkillVersion(id: $id) {
      id
      state
      publishedAt
    }
  }
`);

export const ROLLBACK_SKILL = graphql(`
  mutation RollbackSkill($name: String!, $toVersionId: ID!) {
    rollbackSkill(name: $name, toVersionId: $toVersionId) {
      id
      state
      publishedAt
    }
  }
`);

export const DELETE_SKILL_VERSION = graphql(`
  mutation DeleteSkillVersion($id: ID!) {
    deleteSkillVersion(id: $id)
  }
`);

export const PREVIEW_FIELDS = graphql(`
  fragment PreviewFields on PublishPreview {
    version {
      id
      name
      version
    }
    live {
      id
      version
    }
    reaches {
      agentId
      agentVersionId
      agentName
      agentVersion
      agentState
      projectId
    }
    pinned {
      agentId
      agentVersionId
      agentName
      agentVersion
      agentState
      projectId
      resolvesTo {
        id
        version
      }
    }
    toolCollisions {
      agentId
      agentName
      agentVersion
      agentVersionId
      tool
    }
  }
`);

export const PUBLISH_PREVIEW = graphql(`
  query PublishPreview($versionId: ID!) {
    publishPreview(versionId: $versionId) {
      ...PreviewFields
    }
  }
`);

export const ROLLBACK_PREVIEW = graphql(`
  query RollbackPreview($name: String!, $toVersionId: ID!) {
    rollbackPreview(name: $name, toVersionId: $toVersionId) {
      ...PreviewFields
    }
  }
`);

export const SKILL_HISTORY = graphql(`
  query SkillHistory($name: String!) {
    skills(name: $name, limit: 100) {
      total
      items {
        id
        version
        state
        createdBy
        createdByName
        createdAt
        updatedAt
        publishedAt
        archivedAt
        revoked
        revokedReason
      }
    }
  }
`);

export const SKILL_DIFF = graphql(`
  query SkillDiff($fromId: ID!, $toId: ID!) {
    diffSkillVersions(fromId: $fromId, toId: $toId)
    from: skillVersion(id: $fromId) {
      ...DiffSide
    }
    to: skillVersion(id: $toId) {
      ...DiffSide
    }
  }
`);

export const DIFF_SIDE = graphql(`
  fragment DiffSide on SkillVersion {
    id
    version
    state
    skillMd
    knowledgeBases {
      mode
      knowledgeBase {
        id
        name
      }
    }
    files {
      path
      size
      contentBase64
    }
  }
`);

export const EXPORT_BUNDLE = graphql(`
  query ExportSkillBundle($id: ID!) {
    exportSkillBundle(id: $id)
  }
`);

export const IMPORT_BUNDLE = graphql(`
  mutation ImportSkillBundle($zipBase64: String!) {
    importSkillBundle(zipBase64: $zipBase64) {
      id
      name
      version
    }
  }
`);
