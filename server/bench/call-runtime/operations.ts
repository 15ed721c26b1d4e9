/** The GraphQL operations the call runtime bench sends, and a client for them. */

export const START_CALL = `mutation($input: StartCallInput!) { startCall(input: $input) {
  id systemPrompt tools { name description source parameters } } }`;
export const START_CALL_CHECKED = `mutation($input: StartCallInput!) { startCall(input: $input) {
  id status warnings systemPrompt skills { name version versionId pinned } tools { name source } } }`;
export const LOAD_SKILL = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) {
  status skill unloaded message call { id loadedSkills systemPrompt tools { name description source parameters } } } }`;
export const TRIVIAL = `{ __typename }`;
export const CALL_VARIABLES = { caller: "Ada Lovelace" };

/** POSTs one operation with a key; throws on HTTP or GraphQL errors. */
export type Gql = <T>(query: string, variables: Record<string, unknown>, token: string) => Promise<T>;

export function graphqlClient(graphqlUrl: string): Gql {
  return async <T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> => {
    const res = await fetch(graphqlUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown[] };
    if (!res.ok || body.errors?.length) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors)}`);
    return body.data as T;
  };
}
