import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { createClient } from "graphql-ws";
import { readSession } from "../features/sign-in/session-storage";

const bearer = () => {
  const session = readSession();
  return session ? `Bearer ${session.credential}` : undefined;
};

/** ws(s)://<this host>/graphql: the server serves graphql-ws on its own port and path (api.md). */
const socketUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/graphql`;

/**
 * Subscriptions over graphql-ws. Lazy: the socket opens with the first subscription and closes after the last, so a
 * new sign-in's credential is the one the next connection sends (`connectionParams.authorization`, as the server
 * reads it). Two quick retries, then the subscription errors and the page falls back to polling.
 */
function createSocketLink(): GraphQLWsLink {
  return new GraphQLWsLink(
    createClient({
      url: socketUrl,
      lazy: true,
      connectionParams: () => {
        const authorization = bearer();
        return authorization ? { authorization } : {};
      },
      retryAttempts: 2,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, 500 * (retries + 1))),
    }),
  );
}

/** One client for the console; every request carries the credential of the browser session (SEC: not persisted). */
export function createApolloClient(): ApolloClient {
  const auth = new SetContextLink((prev) => {
    const authorization = bearer();
    // An explicit header (sign-in checking a credential) wins over the session's.
    return {
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(prev.headers as Record<string, string> | undefined),
      },
    };
  });
  const http = auth.concat(new HttpLink({ uri: "/graphql" }));
  return new ApolloClient({
    link: ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, createSocketLink(), http),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: "cache-and-network" } },
  });
}
