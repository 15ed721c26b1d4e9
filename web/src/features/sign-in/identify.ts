import type { ApolloClient } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { graphql } from "../../gql";
import type { Role, Session } from "./session-storage";

const PLATFORM_PROBE = graphql(`
  query PlatformProbe {
    projects {
      id
    }
  }
`);
const PROJECT_PROBE = graphql(`
  query ProjectProbe {
    project {
      id
      name
    }
  }
`);
const KEYS_PROBE = graphql(`
  query KeysProbe {
    apiKeys {
      id
      prefix
      role
      revokedAt
    }
  }
`);
// An editor may preview a publish; a viewer is refused before the (absent) version is looked up.
const EDITOR_PROBE = graphql(`
  query EditorProbe {
    publishPreview(versionId: "00000000-0000-0000-0000-000000000000") {
      version {
        id
      }
    }
  }
`);

const codeOf = (error: unknown) =>
  CombinedGraphQLErrors.is(error) ? (error.errors[0]?.extensions?.code as string | undefined) : undefined;

/** Who a credential is: the platform, or a project key with its role. Throws the server's refusal otherwise. */
export async function identify(client: ApolloClient, credential: string): Promise<Session> {
  const context = { headers: { authorization: `Bearer ${credential}` } };
  const opts = { context, fetchPolicy: "no-cache" as const };
  // Project API keys carry the sgk_ prefix (SEC-8); anything else can only be the platform credential.
  if (!credential.startsWith("sgk_")) {
    await client.query({ query: PLATFORM_PROBE, ...opts });
    return { credential, role: "PLATFORM", project: null };
  }
  const { data } = await client.query({ query: PROJECT_PROBE, ...opts });
  if (!data) throw new Error("The server did not name the key's project.");
  let role: Role;
  try {
    const keys = await client.query({ query: KEYS_PROBE, ...opts });
    role = keys.data?.apiKeys.find((k) => credential.startsWith(k.prefix))?.role ?? "ADMIN";
  } catch {
    try {
      await client.query({ query: EDITOR_PROBE, ...opts });
      role = "EDITOR";
    } catch (error) {
      role = codeOf(error) === "FORBIDDEN" ? "VIEWER" : "EDITOR";
    }
  }
  return { credential, role, project: data.project };
}
