import { expect, it } from "vitest";
import { PostgresBus } from "../../src/platform/cache/invalidation-bus";
import { createLogger } from "../../src/platform/logger";

import { describeOnDialect } from "../support/test-app";

const URL = process.env.TEST_DATABASE_URL;

/**
 * RT-1, SV-5: invalidations (and UX-5's call notices) reach every instance over PostgreSQL NOTIFY. A burst of
 * publishes from one instance — many call starts at once — arrives whole and in order at another, each publish
 * settles, and the bus never runs two statements at once on its connection (pg queues them, deprecated in pg 9).
 */
describeOnDialect("postgres")("PostgreSQL invalidation bus", () => {
  it("RT-1 SV-5 a burst of 300 publishes reaches the other instance whole and in order, one statement at a time", async () => {
    const logger = createLogger("silent");
    const [sender, receiver] = [await PostgresBus.connect(URL!, logger), await PostgresBus.connect(URL!, logger)];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const topic = `burst-${Date.now()}`;
      const received: string[] = [];
      let all!: () => void;
      const done = new Promise<void>((ok) => (all = ok));
      receiver.subscribe(topic, (key) => {
        received.push(key);
        if (received.length === 300) all();
      });
      const keys = Array.from({ length: 300 }, (_, i) => `key-${i}`);
      await Promise.all(keys.map((key) => sender.publish(topic, key)));
      await Promise.race([done, new Promise((_, fail) => setTimeout(() => fail(new Error("timed out")), 10_000))]);
      expect(received).toEqual(keys);
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await sender.close();
      await receiver.close();
    }
  });
});
