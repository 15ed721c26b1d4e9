/** A version as the server holds it: what the plan compares with and the lock records. */
export interface RemoteVersion {
  id: string;
  name: string;
  version: number;
  /** DRAFT | PUBLISHED | ARCHIVED */
  state: string;
  /** AP-2: sha256:<hex> of everything a call would get from the version. */
  digest: string;
  skillMd: string;
  files: Array<{ path: string; sha256: string }>;
  warnings?: string[];
}

/** The server could not be asked: down, unreachable, or it answered something that is not GraphQL. */
export class ServerUnavailable extends Error {}

/** The server refused an operation: its sentence, code and details. */
export class ServerRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(message);
  }
}

const VERSION_FIELDS = `id name version state digest skillMd files { path sha256 }`;
/** An answer may hold only a few large text fields (SEC-11's answer budget): newest versions are asked in batches. */
const BATCH = 8;

/** Skillgraph's public GraphQL API, with a project API key, like any client. */
export class SkillgraphClient {
  readonly endpoint: string;

  constructor(
    url: string,
    private readonly apiKey: string,
  ) {
    // Relative to the URL's path: a server behind a proxy's prefix (https://host/skillgraph) is asked there.
    this.endpoint = new URL("graphql", url.endsWith("/") ? url : `${url}/`).toString();
  }

  private async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify({ query, variables }),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ServerUnavailable(
        `Cannot reach the Skillgraph server at ${this.endpoint} (${cause?.code ?? cause?.message ?? (error as Error).message}); check SKILLGRAPH_URL and that the server is running.`,
      );
    }
    const text = await response.text();
    let body: {
      data?: T;
      errors?: Array<{ message: string; extensions?: { code?: string; details?: Record<string, unknown> } }>;
    };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new ServerUnavailable(
        `The Skillgraph server at ${this.endpoint} answered HTTP ${response.status} ${response.statusText} without a GraphQL answer${response.status >= 500 ? "; try again once it is back" : ""}.`,
      );
    }
    const [first] = body.errors ?? [];
    if (first) {
      const code = first.extensions?.code;
      if (code === "INTERNAL_SERVER_ERROR" || code === "SERVICE_UNAVAILABLE" || response.status >= 500) {
        throw new ServerUnavailable(
          `The Skillgraph server at ${this.endpoint} answered HTTP ${response.status}: ${first.message}`,
        );
      }
      throw new ServerRefusal(first.message, code, first.extensions?.details);
    }
    if (!body.data) {
      throw new ServerUnavailable(
        `The Skillgraph server at ${this.endpoint} answered HTTP ${response.status} without data.`,
      );
    }
    return body.data;
  }

  /** The newest version of each name the project has (names it has none of are absent). */
  async newestVersions(names: readonly string[]): Promise<Map<string, RemoteVersion>> {
    const found = new Map<string, RemoteVersion>();
    for (let start = 0; start < names.length; start += BATCH) {
      const batch = names.slice(start, start + BATCH);
      const declared = batch.map((_n, i) => `$n${i}: String`).join(", ");
      const selections = batch.map((_n, i) => `s${i}: skills(name: $n${i}, limit: 1) { items { ${VERSION_FIELDS} } }`);
      const variables = Object.fromEntries(batch.map((name, i) => [`n${i}`, name]));
      const data = await this.graphql<Record<string, { items: RemoteVersion[] }>>(
        `query(${declared}) { ${selections.join(" ")} }`,
        variables,
      );
      batch.forEach((name, i) => {
        const [newest] = data[`s${i}`]?.items ?? [];
        if (newest) found.set(name, newest);
      });
    }
    return found;
  }

  /** SK-2: a zip becomes the skill's next draft (or, identical to the newest version, no new one). */
  async importBundle(zipBase64: string): Promise<RemoteVersion & { warnings: string[] }> {
    const data = await this.graphql<{ importSkillBundle: RemoteVersion & { warnings: string[] } }>(
      `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { ${VERSION_FIELDS} warnings } }`,
      { zip: zipBase64 },
    );
    return data.importSkillBundle;
  }

  async publish(id: string): Promise<RemoteVersion> {
    const data = await this.graphql<{ publishSkillVersion: RemoteVersion }>(
      `mutation($id: ID!) { publishSkillVersion(id: $id) { ${VERSION_FIELDS} } }`,
      { id },
    );
    return data.publishSkillVersion;
  }

  /** RO-1: a staged rollout of a draft, with the server's defaults (steps 5, 25, 50, 100 an hour apart). */
  async startRollout(versionId: string): Promise<{ id: string; percent: number; steps: number[] }> {
    const data = await this.graphql<{ startRollout: { id: string; percent: number; steps: number[] } }>(
      `mutation($input: StartRolloutInput!) { startRollout(input: $input) { id percent steps } }`,
      { input: { versionId } },
    );
    return data.startRollout;
  }

  /** The live version of every skill of the project. */
  async liveVersions(): Promise<Array<Pick<RemoteVersion, "id" | "name" | "version" | "digest">>> {
    const all: Array<Pick<RemoteVersion, "id" | "name" | "version" | "digest">> = [];
    for (let page = 1; ; page += 1) {
      const data = await this.graphql<{
        skills: { total: number; items: Array<Pick<RemoteVersion, "id" | "name" | "version" | "digest">> };
      }>(
        `query($page: Int!) { skills(state: PUBLISHED, page: $page, limit: 200) { total items { id name version digest } } }`,
        {
          page,
        },
      );
      all.push(...data.skills.items);
      if (all.length >= data.skills.total || data.skills.items.length === 0) return all;
    }
  }

  /** PV-2: the DSSE envelope signed when the version went live; null when it was published before signing began. */
  async attestation(versionId: string): Promise<unknown> {
    const data = await this.graphql<{ skillVersion: { attestation: unknown } | null }>(
      `query($id: ID!) { skillVersion(id: $id) { attestation } }`,
      { id: versionId },
    );
    return data.skillVersion?.attestation ?? null;
  }

  /** SK-2: a version as an Agent Skills zip. */
  async exportBundle(versionId: string): Promise<Uint8Array> {
    const data = await this.graphql<{ exportSkillBundle: string }>(`query($id: ID!) { exportSkillBundle(id: $id) }`, {
      id: versionId,
    });
    return new Uint8Array(Buffer.from(data.exportSkillBundle, "base64"));
  }
}
