import { describe, expect, it } from "vitest";
import { LocalBus } from "../../platform/cache/invalidation-bus";
import type { Database } from "../../platform/db/database";
import { TENANCY_TOPIC } from "../auth";
import { SkillSourceCache } from "../libraries";
import { SkillCatalogService } from "../skills";
import type { CatalogSource } from "../skills/skill.repository";

/** A database that answers every read with `rows` and counts the reads. */
function fakeDb(rows: unknown[]) {
  const db = {
    dialect: "sqlite",
    reads: 0,
    rows: async () => {
      db.reads++;
      return rows;
    },
  };
  return db;
}

const linked = { project_id: "p", library_id: "lib", found_library_id: "lib", library_deleted_at: null };
const own = { project_id: "p", library_id: null, found_library_id: null, library_deleted_at: null };

const version = (id: string, name: string): CatalogSource => ({
  id,
  projectId: "lib",
  name,
  version: 1,
  state: "published",
  description: "d",
  instructions: "i",
  tools: [],
  knowledgeBases: [],
  revokedAt: null,
});
const catalogRow = (v: CatalogSource) => ({
  ...v,
  project_id: v.projectId,
  tools: "[]",
  knowledge_bases: "[]",
});

/**
 * An uncached start's agent statement brings the project's skill source and its entries' versions; the
 * caches it fills follow the same invalidation as when each is read on its own.
 */
describe("the caches a call start's joined read fills", () => {
  it("LB-5 the skill source read with the agent is kept, and is read again after a link change", async () => {
    const bus = new LocalBus();
    const db = fakeDb([own]);
    const sources = new SkillSourceCache(db as unknown as Database, bus);
    expect(sources.primer("p")(linked)).toEqual({ projectId: "lib", viaLibrary: true, holdsSkills: true });
    expect(await sources.sourceOf("p")).toEqual({ projectId: "lib", viaLibrary: true, holdsSkills: true });
    expect(db.reads).toBe(0);
    await bus.publish(TENANCY_TOPIC, "p");
    expect(await sources.sourceOf("p")).toEqual({ projectId: "p", viaLibrary: false, holdsSkills: true });
    expect(db.reads).toBe(1);
  });

  it("LB-5 a joined read that overlapped a link change keeps nothing (it may hold the old link)", async () => {
    const bus = new LocalBus();
    const db = fakeDb([own]);
    const sources = new SkillSourceCache(db as unknown as Database, bus);
    const prime = sources.primer("p"); // before the statement is sent
    await bus.publish(TENANCY_TOPIC, "p"); // the unlink commits while it runs
    prime(linked); // the statement read the old link
    expect(await sources.sourceOf("p")).toEqual({ projectId: "p", viaLibrary: false, holdsSkills: true });
    expect(db.reads).toBe(1);
  });

  it("SV-5 the live versions read with the agent are kept; one read across a publish keeps no live pointer", async () => {
    const bus = new LocalBus();
    const v2 = version("v2", "faq");
    const db = fakeDb([catalogRow(v2)]);
    const catalog = new SkillCatalogService(db as unknown as Database, bus, async () => []);
    catalog.primer()("lib", ["faq", "gone"], [version("v1", "faq")]);
    const kept = await catalog.catalogFor("lib", [
      { name: "faq", versionId: null },
      { name: "gone", versionId: null },
    ]);
    expect([...kept.liveVersionIdByName]).toEqual([["faq", "v1"]]);
    expect(db.reads).toBe(0);

    const prime = catalog.primer(); // before the statement is sent
    await catalog.liveMoved("lib", "faq"); // a publish commits while it runs: v2 is live
    prime("lib", ["faq"], [version("v1", "faq")]); // the statement read v1 as live
    const next = await catalog.catalogFor("lib", [{ name: "faq", versionId: null }]);
    expect([...next.liveVersionIdByName]).toEqual([["faq", "v2"]]);
    expect(db.reads).toBe(1);
  });

  it("RT-1 another agent's joined read of the same versions keeps the catalog built before (the cached objects stay)", async () => {
    const bus = new LocalBus();
    const db = fakeDb([]);
    const catalog = new SkillCatalogService(db as unknown as Database, bus, async () => []);
    const entries = [
      { name: "faq", versionId: null },
      { name: "pinned", versionId: "p1" },
    ];
    catalog.primer()("lib", ["faq"], [version("v1", "faq"), version("p1", "pinned")]); // agent A's read
    const built = await catalog.catalogFor("lib", entries);
    expect(await catalog.catalogFor("lib", entries)).toBe(built);

    catalog.primer()("lib", ["faq"], [version("v1", "faq"), version("p1", "pinned")]); // agent B's read: new objects
    expect(await catalog.catalogFor("lib", entries)).toBe(built);
    expect(db.reads).toBe(0);
  });

  it("RT-1 a joined read that finds a cached version in another state replaces it (a version changes only its state)", async () => {
    const bus = new LocalBus();
    const catalog = new SkillCatalogService(fakeDb([]) as unknown as Database, bus, async () => []);
    const entries = [{ name: "pinned", versionId: "p1" }];
    catalog.primer()("lib", [], [version("p1", "pinned")]);
    const built = await catalog.catalogFor("lib", entries);
    expect(built.versionsById.get("p1")?.state).toBe("published");

    catalog.primer()("lib", [], [{ ...version("p1", "pinned"), state: "archived" }]); // a later publish archived it
    const next = await catalog.catalogFor("lib", entries);
    expect(next).not.toBe(built);
    expect(next.versionsById.get("p1")?.state).toBe("archived");
  });
});
