import { readDirectoryBundle, readZipBundle, writeDirectoryBundle, writeZipBundle } from "../src/modules/skills";

/**
 * SK-2 from a terminal: a skill folder on disk goes to a Skillgraph server as its next draft, and a version comes
 * back as a folder. It speaks only the public GraphQL API, with an API key, like any client.
 */
export interface BundleClientOptions {
  url: string;
  apiKey: string;
}

async function graphql<T>(options: BundleClientOptions, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(new URL("/graphql", options.url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("\n"));
  if (!body.data) throw new Error(`The server answered HTTP ${response.status} without data.`);
  return body.data;
}

export interface ImportedVersion {
  id: string;
  name: string;
  version: number;
  state: string;
  warnings: string[];
}

/** Reads and checks the folder locally (the same checks the server runs), then imports it as a zip. */
export async function importSkillDirectory(options: BundleClientOptions, dir: string): Promise<ImportedVersion> {
  const read = await readDirectoryBundle(dir);
  if (!read.ok) throw new Error(read.problems.map((p) => p.message).join("\n"));
  const zip = Buffer.from(writeZipBundle(read.folder, read.bundle)).toString("base64");
  const data = await graphql<{ importSkillBundle: ImportedVersion }>(
    options,
    `
      mutation ($zip: String!) {
        importSkillBundle(zipBase64: $zip) {
          id
          name
          version
          state
          warnings
        }
      }
    `,
    { zip },
  );
  return data.importSkillBundle;
}

/** Writes a version as `<parentDir>/<name>/` in the Agent Skills layout; returns the folder. */
export async function exportSkillDirectory(
  options: BundleClientOptions,
  versionId: string,
  parentDir: string,
): Promise<string> {
  const data = await graphql<{ exportSkillBundle: string }>(
    options,
    `
      query ($id: ID!) {
        exportSkillBundle(id: $id)
      }
    `,
    { id: versionId },
  );
  const read = await readZipBundle(new Uint8Array(Buffer.from(data.exportSkillBundle, "base64")));
  if (!read.ok) throw new Error(read.problems.map((p) => p.message).join("\n"));
  return writeDirectoryBundle(parentDir, read.folder, read.bundle);
}
