import type { Principal, RequestContext } from "../graphql/context";

/** Who a request's credential names (null: none sent, or refused: `failure` says why). */
export type Authentication = { principal: Principal | null; failure?: string };

/** The context of a GraphQL operation, over HTTP or a subscription's socket. */
export interface GraphQLRequestContext extends RequestContext {
  readonly credentialFailure?: string;
}
