import type http from "node:http";
import type { Principal } from "../../platform/graphql/context";
import { sendJson } from "../../platform/http/json-response";
import type { Logger } from "../../platform/logger";
import { DISCOVERY_PREFIX } from "./discovery-archive";
import type { DiscoveryService } from "./discovery.service";

const ARCHIVE = /^\/([a-z0-9-]{1,64})\/([1-9][0-9]{0,9})\.zip$/;

/**
 * PV-4 on `/.well-known/agent-skills/`: `index.json` and each listed skill's archive (`<name>/<version>.zip`). A
 * project API key selects its project; without a credential the project the platform made public answers; anything
 * else is 401 (the platform credential names no project here).
 */
export function discoveryRoute(options: {
  discovery: DiscoveryService;
  authenticate: (authorization: string | undefined) => Promise<{ principal: Principal | null; failure?: string }>;
  logger: Logger;
}): (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => void {
  const { discovery } = options;
  return (req, res, requestId) => {
    void (async () => {
      const path = (req.url ?? "/").split("?", 1)[0]!.slice(DISCOVERY_PREFIX.length);
      const archive = ARCHIVE.exec(path);
      if (path !== "/index.json" && !archive) return sendJson(res, 404, notFound(path));
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("allow", "GET, HEAD");
        return sendJson(res, 405, {
          error: "method_not_allowed",
          message: `${req.method} is not served here; use GET.`,
        });
      }
      const authorization = req.headers.authorization;
      const { principal, failure } = authorization
        ? await options.authenticate(authorization)
        : { principal: null, failure: undefined };
      const projectId = authorization && !principal ? null : await discovery.projectFor(principal);
      if (projectId === null) {
        return sendJson(res, 401, {
          error: "unauthenticated",
          message:
            failure ??
            "Send one of the project's API keys ('Authorization: Bearer <key>'); no project's skills are public here.",
        });
      }
      if (!archive) {
        res.setHeader("cache-control", "no-cache");
        return sendJson(res, 200, await discovery.index(projectId));
      }
      const bytes = await discovery.archive(projectId, archive[1]!, Number(archive[2]));
      if (!bytes) return sendJson(res, 404, notFound(path));
      res.writeHead(200, {
        "content-type": "application/zip",
        "content-length": bytes.byteLength,
        // a URL names one version's bytes, which never change; a revoked version is never served again
        "cache-control": "private, max-age=60",
      });
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    })().catch((error: unknown) => {
      options.logger.error({ err: error, requestId }, "the discovery index failed");
      if (!res.headersSent) sendJson(res, 500, { error: "internal", message: `Quote request id ${requestId}.` });
    });
  };
}

const notFound = (path: string) => ({
  error: "not_found",
  message: `No skill archive at ${DISCOVERY_PREFIX}${path.slice(0, 200)}: it is not live (any more); read index.json again.`,
});
