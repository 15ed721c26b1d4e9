/**
 * RO-2's cost at call start: the same warm startCall (c), over the agents that follow one skill live, with and without
 * a staged rollout of that skill running at 50 % (each request keyed apart, so both arms are served). With a rollout
 * running, a resolution reads the project's running rollouts from a cache and hashes one (rollout id, key) per
 * follow-live entry of the skill; the pass counts statements per request as the others do.
 */
import type { Instance } from "./instance";
import { CALL_VARIABLES, START_CALL } from "./operations";
import type { PassSpec } from "./passes";
import type { Rig } from "./rig";
import type { SeededAgent } from "./seed";

const START_ROLLOUT = `mutation($input: StartRolloutInput!) { startRollout(input: $input) { id } }`;
const ABORT_ROLLOUT = `mutation($id: ID!) { abortRollout(id: $id, reason: "bench pass over") { status } }`;
const CREATE_DRAFT = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;

/** The followers of the most-followed skill, their start bodies (4 keys each), and a rollout of it to start. */
export interface RolloutFixture {
  skill: string;
  agentIds: string[];
  bodies: { list: string[]; order: "random" };
  /** Starts a rollout of the skill's draft at `percent`; what it returns aborts it. */
  start(percent?: number): Promise<() => Promise<unknown>>;
  /** Every body once, 10 at a time: each (agent, arm) has resolved under the running rollout. */
  warm(): Promise<void>;
}

export async function rolloutFixture(instance: Instance, agents: readonly SeededAgent[]): Promise<RolloutFixture> {
  // The skill most agents follow live: the rollout reaches as many call starts as a real one would.
  const followers = new Map<string, string[]>();
  for (const agent of agents)
    for (const entry of agent.entries)
      if (!entry.pinnedVersionId) followers.set(entry.name, [...(followers.get(entry.name) ?? []), agent.id]);
  const [skill, agentIds] = [...followers].sort((a, b) => b[1].length - a[1].length)[0]!;
  const { gql, adminKey } = instance;
  const draft = (
    await gql<{ createSkillVersion: { id: string } }>(
      CREATE_DRAFT,
      {
        input: {
          skillMd: `---\nname: ${skill}\ndescription: The candidate of the bench's rollout.\n---\n\nCandidate steps.\n`,
        },
      },
      adminKey,
    )
  ).createSkillVersion.id;
  let n = 0;
  const list = agentIds.flatMap((agentId) =>
    Array.from({ length: 4 }, () =>
      JSON.stringify({
        query: START_CALL,
        variables: { input: { agentId, variables: CALL_VARIABLES, rolloutKey: `caller-${n++}` } },
      }),
    ),
  );
  return {
    skill,
    agentIds,
    bodies: { list, order: "random" },
    async start(percent = 50) {
      const steps = percent >= 100 ? [100] : [percent, 100];
      const started = await gql<{ startRollout: { id: string } }>(
        START_ROLLOUT,
        { input: { versionId: draft, steps, stepMinutes: 0 } },
        adminKey,
      );
      return () => gql(ABORT_ROLLOUT, { id: started.startRollout.id }, adminKey);
    },
    async warm() {
      for (let i = 0; i < list.length; i += 10)
        await Promise.all(
          list.slice(i, i + 10).map(async (body) => {
            const res = await fetch(instance.graphqlUrl, { method: "POST", headers: instance.headers, body });
            if (!res.ok) throw new Error(`warm-up start answered ${res.status}`);
            await res.arrayBuffer();
          }),
        );
    },
  };
}

export interface RolloutPasses {
  skill: string;
  agents: number;
  without: PassSpec;
  with: PassSpec;
}

export async function rolloutPasses(rig: Rig): Promise<RolloutPasses> {
  const fixture = await rolloutFixture(rig.instance, rig.agents);
  const base = rig.cached("");
  const { skill, bodies } = fixture;
  return {
    skill,
    agents: fixture.agentIds.length,
    without: { ...base, title: `(c) cached, ${skill}'s followers, no rollout`, bodies },
    with: {
      ...base,
      title: `(c) cached, ${skill}'s followers, a rollout of ${skill} at 50 %`,
      bodies,
      // A new rollout's first start of each (agent, arm) resolves a context it has not resolved before (the context
      // records the rollout): a one-off cost per rollout, paid here, so the pass measures starts under a running one.
      around: async () => {
        const stop = await fixture.start(50);
        await fixture.warm();
        return stop;
      },
    },
  };
}
