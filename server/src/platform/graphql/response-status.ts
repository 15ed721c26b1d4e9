import type { ApolloServerPlugin, BaseContext } from "@apollo/server";

/**
 * GraphQL over HTTP: a client that asks for `application/json` (rather than `application/graphql-response+json`)
 * SHOULD get status 200 for every well-formed request, whatever GraphQL error it met; one that accepts
 * `application/graphql-response+json` gets 4xx for request errors, as Apollo answers. These are the errors of a
 * well-formed request that Apollo (or our input policy, SEC-11) answers with 400: a document that does not parse or
 * validate (SEC-3, SEC-4 limits included), variables that do not coerce or break the input policy, an operation name
 * the document lacks. Refusals of the request itself keep their status: CSRF (SEC-1), a batch, no query, a body that
 * is not JSON, a GET mutation (405), an unsupported media type (415), an outage (503).
 */
const REQUEST_ERROR_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "OPERATION_RESOLUTION_FAILURE",
]);

const GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
const APPLICATION_JSON = "application/json";

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(",").flatMap((part) => {
    const [range = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const [type, subtype] = range.split("/");
    if (!type || !subtype) return [];
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return Number.isFinite(q) ? [{ type, subtype, q }] : [];
  });
}

/** The quality the client gives a media type: that of the most specific range matching it (0 if none does). */
function quality(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === "*"
          ? 1
          : range.type === "*" && range.subtype === "*"
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = range.q;
    }
  }
  return q;
}

/**
 * Does the client want `application/json` rather than `application/graphql-response+json`? Only when its Accept
 * header names `application/json` and ranks it above the other; a wildcard or a tie goes to
 * `application/graphql-response+json`, and so does a request without an Accept header (the spec's MAY since 2025).
 */
export function wantsPlainJson(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRanges(accept);
  const named = ranges.some((r) => `${r.type}/${r.subtype}` === APPLICATION_JSON && r.q > 0);
  return named && quality(ranges, APPLICATION_JSON) > quality(ranges, GRAPHQL_RESPONSE_JSON);
}

export function plainJsonStatusPlugin<Context extends BaseContext>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response }) {
          if (response.http.status !== 400 || response.body.kind !== "single") return;
          if (!wantsPlainJson(request.http?.headers.get("accept"))) return;
          const errors = response.body.singleResult.errors ?? [];
          const codes = errors.map((e) => e.extensions?.code);
          if (codes.length > 0 && codes.every((code) => typeof code === "string" && REQUEST_ERROR_CODES.has(code)))
            response.http.status = 200;
        },
      };
    },
  };
}
