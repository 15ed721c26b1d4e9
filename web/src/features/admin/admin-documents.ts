import { graphql } from "../../gql";

export const API_KEYS = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      prefix
      role
      createdAt
      revokedAt
    }
  }
`);

export const CREATE_API_KEY = graphql(`
  mutation CreateApiKey($name: String, $role: ApiKeyRole!) {
    createApiKey(name: $name, role: $role) {
      id
      key
      role
    }
  }
`);

export const REVOKE_API_KEY = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`);

export const WEBHOOKS = graphql(`
  query Webhooks {
    webhookSubscriptions {
      id
      url
      eventTypes
      createdAt
    }
  }
`);

export const WEBHOOK_DELIVERIES = graphql(`
  query WebhookDeliveries($subscriptionId: ID, $status: String, $page: Int!, $limit: Int!) {
    webhookDeliveries(subscriptionId: $subscriptionId, status: $status, page: $page, limit: $limit) {
      total
      items {
        id
        webhookId
        subscriptionId
        eventType
        status
        attempts
        createdAt
        deliveredAt
        nextAttemptAt
        lastError
        payload
        attemptLog {
          at
          httpStatus
          durationMs
          error
        }
      }
    }
  }
`);

export const CREATE_WEBHOOK = graphql(`
  mutation CreateWebhook($url: String!, $eventTypes: [String!]!) {
    createWebhookSubscription(url: $url, eventTypes: $eventTypes) {
      secret
      subscription {
        id
        url
      }
    }
  }
`);

export const DELETE_WEBHOOK = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhookSubscription(id: $id)
  }
`);

export const REDELIVER_WEBHOOK = graphql(`
  mutation RedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
      attempts
      nextAttemptAt
    }
  }
`);

export const REDELIVER_FAILED_WEBHOOKS = graphql(`
  mutation RedeliverFailedWebhooks($subscriptionId: ID!, $since: DateTime!) {
    redeliverFailedWebhooks(subscriptionId: $subscriptionId, since: $since)
  }
`);

export const AUDIT_LOG = graphql(`
  query AuditLog($resourceType: String, $action: String, $resourceId: String, $page: Int!, $limit: Int!) {
    auditLog(resourceType: $resourceType, action: $action, resourceId: $resourceId, page: $page, limit: $limit) {
      total
      items {
        id
        at
        actor
        actorKey {
          id
          name
          role
          revokedAt
        }
        action
        resourceType
        resourceId
      }
    }
  }
`);

export const PROJECTS = graphql(`
  query Projects {
    projects {
      id
      name
      createdAt
      skillLibrary {
        id
        name
      }
      linkedProjects {
        id
        name
      }
    }
  }
`);

export const CREATE_PROJECT = graphql(`
  mutation CreateProject($name: String!) {
    createProject(name: $name) {
      apiKey
      project {
        id
        name
      }
    }
  }
`);

export const SET_LIBRARY = graphql(`
  mutation SetSkillLibrary($projectId: ID!, $libraryProjectId: ID) {
    setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {
      id
    }
  }
`);
