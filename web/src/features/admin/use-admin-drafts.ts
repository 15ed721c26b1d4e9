import { useMutation } from "@apollo/client/react";
import type { ApiKeyRole } from "../../gql/graphql";
import { useDraft } from "../../shared/use-draft";
import { API_KEYS, CREATE_API_KEY, CREATE_PROJECT, CREATE_WEBHOOK, PROJECTS, WEBHOOKS } from "./admin-documents";

export const EVENT_TYPES = ["skill.loaded", "skill.unloaded", "call.ended", "version.approved"];

/** The "subscribe a URL" form; answers the subscription and its signing secret (shown once). */
export function useWebhookDraft() {
  const [create] = useMutation(CREATE_WEBHOOK, { refetchQueries: [WEBHOOKS] });
  return useDraft({
    initial: { url: "https://", eventTypes: ["call.ended"] },
    check: (v) =>
      v.eventTypes.length === 0 ? [{ path: "event_types", message: "Pick at least one event to subscribe to." }] : [],
    submit: async (v) => (await create({ variables: v })).data!.createWebhookSubscription,
  });
}

/** The "create a key" form; answers the key (shown once). */
export function useApiKeyDraft() {
  const [create] = useMutation(CREATE_API_KEY, { refetchQueries: [API_KEYS] });
  return useDraft({
    initial: { name: "", role: "EDITOR" as ApiKeyRole },
    submit: async (v) => (await create({ variables: { name: v.name || null, role: v.role } })).data!.createApiKey,
  });
}

/** The platform's "create a project" form; answers the project and its first admin key (shown once). */
export function useProjectDraft() {
  const [create] = useMutation(CREATE_PROJECT, { refetchQueries: [PROJECTS] });
  return useDraft({
    initial: { name: "" },
    submit: async (v) => (await create({ variables: v })).data!.createProject,
  });
}
