import type http from "node:http";
import type { Principal } from "../../platform/graphql/context";
import { sendJson } from "../../platform/http/json-response";
import type { Logger } from "../../platform/logger";
import type { RevocationService } from "./revocation.service";

export const REVOCATIONS_PATH = "/.well-known/skillgraph/revocations.json";

/**
 * PV-3: `GET /.well-known/skillgraph/revocations.json` — the revoked versions of the project whose API key asks, with
 * the digests they had, so a verifier (`skillgraph verify`) can refuse what it pulled before. Another project's key
 * sees only its own project's; no key is 401.
 */
export function revocationsRoute(options: {
  revocations: RevocationService;
  authenticate: (authorization: string | undefined) => Promise<{ principal: Principal | null; failure?: string }>;
  logger: Logger;
}): (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => void {
  return (req, res, requestId) => {
    void (async () => {
      const path = (req.url ?? "/").split("?", 1)[0];
      if (path !== REVOCATIONS_PATH) return sendJson(res, 404, { error: "not_found", message: `No route ${path}.` });
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("allow", "GET, HEAD");
        return sendJson(res, 405, {
          error: "method_not_allowed",
          message: `${req.method} is not served here; use GET.`,
        });
      }
      const { principal, failure } = await options.authenticate(req.headers.authorization);
      if (!principal || principal.kind !== "key") {
        return sendJson(res, 401, {
          error: "unauthenticated",
          message: failure ?? "Send one of the project's API keys: 'Authorization: Bearer <key>'.",
        });
      }
      const revoked = await options.revocations.revoked(principal.projectId);
      res.setHeader("cache-control", "no-store");
      sendJson(res, 200, { revoked });
    })().catch((error: unknown) => {
      options.logger.error({ err: error, requestId }, "revocations.json failed");
      if (!res.headersSent) sendJson(res, 500, { error: "internal", message: `Quote request id ${requestId}.` });
    });
  };
}
