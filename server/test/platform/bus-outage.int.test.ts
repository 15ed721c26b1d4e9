import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, dialects, type TestApp } from "../support/test-app";

/** A Redis server of this test's own (not the shared one), so it can be stopped mid-test. */
async function privateRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.on("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}

const md = (version: string) =>
  `---\nname: outage-skill\ndescription: Used while the bus is down (${version}).\n---\nBody ${version}.`;

for (const dialect of dialects) {
  describe(`the invalidation bus goes away (${dialect})`, () => {
    let t: TestApp | undefined;
    let redis: { stop: () => Promise<void> } | undefined;
    afterEach(async () => {
      await t?.close();
      await redis?.stop();
    });

    it("SEC-19 a publish that committed is reported as done although Redis is down", async () => {
      const server = await privateRedis();
      redis = server;
      t = await createTestApp(dialect, { redisUrl: server.url });
      const { adminKey } = await t.project();
      const publish = async (version: string) => {
        const created = await t!.ok<{ createSkillVersion: { id: string } }>(
          `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
          { md: md(version) },
          adminKey,
        );
        return t!.gql<{ publishSkillVersion: { state: string } }>(
          `mutation($id: ID!) { publishSkillVersion(id: $id) { state } }`,
          { id: created.createSkillVersion.id },
          adminKey,
        );
      };
      expect((await publish("v1")).data?.publishSkillVersion.state).toBe("PUBLISHED");
      await server.stop();
      const during = await publish("v2");
      expect(during.errors).toBeUndefined();
      expect(during.data?.publishSkillVersion.state).toBe("PUBLISHED");
      const live = await t.ok<{ skills: { items: Array<{ description: string }> } }>(
        `{ skills(name: "outage-skill", state: PUBLISHED) { items { description } } }`,
        {},
        adminKey,
      );
      expect(live.skills.items.map((s) => s.description)).toEqual(["Used while the bus is down (v2)."]);
    }, 60_000);
  });
}
