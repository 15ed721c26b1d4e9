import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { readSession } from "../features/session/session-storage";

/** One client for the console; every request carries the credential of the browser session (SEC: not persisted). */
export function createApolloClient(): ApolloClient {
  const auth = new SetContextLink((prev) => {
    const session = readSession();
    // An explicit header (sign-in checking a credential) wins over the session's.
    return {
      headers: {
        ...(session ? { authorization: `Bearer ${session.credential}` } : {}),
        ...(prev.headers as Record<string, string> | undefined),
      },
    };
  });
  return new ApolloClient({
    link: auth.concat(new HttpLink({ uri: "/graphql" })),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: "cache-and-network" } },
  });
}
