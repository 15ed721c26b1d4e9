import { skillMd } from "./skill-md";
import { publishAgent, publishSkill, startCall } from "./calls";
import type { TestApp } from "./test-app";

/** Fixtures for rollout tests, through GraphQL. */
export const ROLLOUT_FIELDS = `id skill status percent steps stepIndex stepMinutes endReason startedAt endedAt nextStepAt
  candidate { id version state } live { id version state }
  guards { metric maxDegradation minSamples alpha tripped verdict
    evidence { liveSamples candidateSamples live candidate differenceLow differenceHigh samplesNeeded } }
  arms { arm version { id } starts loads loadRate toolRuns toolErrors toolErrorRate outcomes successRate evalPassRate }
  events { kind percent detail at actorName }`;

export interface RolloutView {
  id: string;
  skill: string;
  status: string;
  percent: number;
  steps: number[];
  stepIndex: number;
  stepMinutes: number;
  endReason: string | null;
  endedAt: string | null;
  nextStepAt: string | null;
  candidate: { id: string; version: number; state: string };
  live: { id: string; version: number; state: string };
  guards: Array<{
    metric: string;
    maxDegradation: number;
    minSamples: number;
    alpha: number;
    tripped: boolean;
    verdict: string;
    evidence: GuardEvidenceView | null;
  }>;
  arms: Array<{ arm: string; starts: number; loadRate: number | null; evalPassRate: number | null }>;
  events: Array<{ kind: string; percent: number; detail: Record<string, unknown> | null; actorName: string | null }>;
}

export interface GuardEvidenceView {
  liveSamples: number;
  candidateSamples: number;
  live: number | null;
  candidate: number | null;
  differenceLow: number | null;
  differenceHigh: number | null;
  samplesNeeded: number | null;
}

export const START_ROLLOUT = `mutation($input: StartRolloutInput!) { startRollout(input: $input) { ${ROLLOUT_FIELDS} } }`;
export const rolloutMutation = (name: string, extra = "") =>
  `mutation($id: ID!${extra ? ", $reason: String!" : ""}) { ${name}(id: $id${extra}) { ${ROLLOUT_FIELDS} } }`;
export const READ_ROLLOUT = `query($id: ID!) { rollout(id: $id) { ${ROLLOUT_FIELDS} } }`;

export async function draftSkill(t: TestApp, key: string, name: string, body: string): Promise<string> {
  const created = await t.ok<{ createSkillVersion: { id: string } }>(
    `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
    { input: { skillMd: skillMd(name, { body }) } },
    key,
  );
  return created.createSkillVersion.id;
}

/** A live v1, a draft v2, an agent following the skill live. */
export async function skillWithDraft(
  t: TestApp,
  key: string,
  name: string,
): Promise<{ live: string; draft: string; agentId: string }> {
  const live = await publishSkill(t, key, name, { body: `${name} live body.` });
  const draft = await draftSkill(t, key, name, `${name} candidate body.`);
  const agentId = await publishAgent(t, key, { name: `${name}-agent`, prompt: "You help.", skills: [{ name }] });
  return { live, draft, agentId };
}

export async function startRollout(t: TestApp, key: string, input: Record<string, unknown>): Promise<RolloutView> {
  return (await t.ok<{ startRollout: RolloutView }>(START_ROLLOUT, { input }, key)).startRollout;
}

export async function act(t: TestApp, key: string, name: string, id: string, reason?: string): Promise<RolloutView> {
  const data = await t.ok<Record<string, RolloutView>>(
    rolloutMutation(name, reason === undefined ? "" : ", reason: $reason"),
    { id, ...(reason === undefined ? {} : { reason }) },
    key,
  );
  return data[name]!;
}

/** The version each key's call resolved for `name`. */
export async function versionsByKey(
  t: TestApp,
  key: string,
  agentId: string,
  name: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const k of keys) {
    const call = await startCall(t, key, { agentId, rolloutKey: k });
    found.set(k, call.skills.find((s) => s.name === name)!.versionId);
  }
  return found;
}
