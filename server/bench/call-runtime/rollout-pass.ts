/**
 * RO-2's cost at call start: the same warm startCall (c), over the agents that follow one skill live, with and without
 * a staged rollout of that skill running at 50 % (each request keyed apart, so both arms are served). With a rollout
 * running, a resolution reads the project's running rollouts from a cache and hashes one (rollout id, key) per
 * follow-live entry of the skill; the pass counts statements per request as the others do.
 */
import { CALL_VARIABLES, START_CALL } from "./operations";
import type { PassSpec } from "./passes";
import type { Rig } from "./rig";

const START_ROLLOUT = `mutation($input: StartRolloutInput!) { startRollout(input: $input) { id } }`;
const ABORT_ROLLOUT = `mutation($id: ID!) { abortRollout(id: $id, reason: "bench pass over") { status } }`;
const CREATE_DRAFT = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;

export interface RolloutPasses {
  skill: string;
  agents: number;
  without: PassSpec;
  with: PassSpec;
}

export async function rolloutPasses(rig: Rig): Promise<RolloutPasses> {
  // The skill most agents follow live: the rollout reaches as many call starts as a real one would.
  const followers = new Map<string, string[]>();
  for (const agent of rig.agents)
    for (const entry of agent.entries)
      if (!entry.pinnedVersionId) followers.set(entry.name, [...(followers.get(entry.name) ?? []), agent.id]);
  const [skill, agentIds] = [...followers].sort((a, b) => b[1].length - a[1].length)[0]!;
  const { gql, adminKey } = rig.instance;
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
  const bodies = {
    list: agentIds.flatMap((agentId) =>
      Array.from({ length: 4 }, () =>
        JSON.stringify({
          query: START_CALL,
          variables: { input: { agentId, variables: CALL_VARIABLES, rolloutKey: `caller-${n++}` } },
        }),
      ),
    ),
    order: "random" as const,
  };
  const base = rig.cached("");
  return {
    skill,
    agents: agentIds.length,
    without: { ...base, title: `(c) cached, ${skill}'s followers, no rollout`, bodies },
    with: {
      ...base,
      title: `(c) cached, ${skill}'s followers, a rollout of ${skill} at 50 %`,
      bodies,
      around: async () => {
        const started = await gql<{ startRollout: { id: string } }>(
          START_ROLLOUT,
          { input: { versionId: draft, steps: [50, 100], stepMinutes: 0 } },
          adminKey,
        );
        return () => gql(ABORT_ROLLOUT, { id: started.startRollout.id }, adminKey);
      },
    },
  };
}
