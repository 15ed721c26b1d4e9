/**
 * Domain errors: what went wrong, in words a person can act on, with the details the API contract names.
 * platform/graphql/errors.ts maps them to GraphQL error codes in one place.
 */
export type ErrorDetails = Record<string, unknown>;

export interface Problem {
  /** Where the problem is, e.g. `frontmatter.name`, `tools[1].webhook_url`. */
  path: string;
  message: string;
  /** More fields the contract names for this kind of problem (`skill`, `version_id`, `collides_with`, …). */
  fields?: ErrorDetails;
}

export abstract class DomainError extends Error {
  abstract readonly kind: "not_found" | "conflict" | "invalid" | "forbidden" | "unauthenticated" | "upstream";
  constructor(
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  readonly kind = "not_found" as const;
  constructor(what: string) {
    super(`${what} was not found.`);
  }
}

export class Conflict extends DomainError {
  readonly kind = "conflict" as const;
}

export class Forbidden extends DomainError {
  readonly kind = "forbidden" as const;
}

export class Unauthenticated extends DomainError {
  readonly kind = "unauthenticated" as const;
  constructor(message = "A valid credential is required: send 'Authorization: Bearer <key>'.") {
    super(message);
  }
}

/** HTTP statuses by which an endpoint refuses the request itself: what was sent is at fault (SEC-23). */
const REFUSED_REQUEST_STATUSES = new Set([400, 413, 422]);

/**
 * A model endpoint (or another upstream the request depends on) failed, timed out or answered something unusable —
 * or refused the request itself (HTTP 400, 413, 422: `refusedRequest`), which is the caller's fault, not the
 * endpoint's: sending it again fails again (SEC-23). `status` is the upstream's HTTP status where there is one;
 * `details` carries it as `{ status }`, and `cause`: `request` when it refused the request, else `endpoint`.
 */
export class UpstreamError extends DomainError {
  readonly kind = "upstream" as const;
  constructor(
    message: string,
    readonly status: number | undefined = undefined,
    readonly timeout = false,
    extra: ErrorDetails = {},
  ) {
    const cause = UpstreamError.refuses(status) ? "request" : "endpoint";
    super(message, { ...(status === undefined ? {} : { status }), cause, ...extra });
  }

  /** True for a status by which an endpoint refuses the request itself (400, 413, 422). */
  static refuses(status: number | undefined): boolean {
    return status !== undefined && REFUSED_REQUEST_STATUSES.has(status);
  }

  get refusedRequest(): boolean {
    return UpstreamError.refuses(this.status);
  }

  /** The same failure with more details (e.g. the chat session whose message was kept). */
  with(extra: ErrorDetails): UpstreamError {
    return new UpstreamError(this.message, this.status, this.timeout, { ...this.details, ...extra });
  }
}

/** Bad input. With several problems, every one is in `details.problems` and the first one's fields at the top. */
export class Invalid extends DomainError {
  readonly kind = "invalid" as const;
  static of(problems: Problem[], summary?: string): Invalid {
    const first = problems[0];
    if (!first) throw new Error("Invalid.of needs at least one problem");
    const message =
      summary ??
      (problems.length === 1
        ? first.message
        : `${problems.length} problems: ${problems.map((p) => p.message).join(" ")}`);
    return new Invalid(message, { field: first.path, ...first.fields, problems: problems.map(snakeProblem) });
  }
  /** One problem on one field, with extra fields the contract names (skill, version_id, …). */
  static field(field: string, message: string, extra: ErrorDetails = {}): Invalid {
    return Invalid.of([{ path: field, message, fields: extra }]);
  }
}

function snakeProblem(problem: Problem): ErrorDetails {
  return { path: problem.path, field: problem.path, message: problem.message, ...problem.fields };
}
