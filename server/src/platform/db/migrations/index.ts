// Migrations per dialect, in order. New ones come from `npm run migration:generate --workspace server -- <Name>`;
// the schema-drift test fails while the entities and the migrations disagree.
import { Initial1795977713639 as PostgresInitial } from "./postgres/1795977713639-initial";
import { Initial1795977713639 as SqliteInitial } from "./sqlite/1795977713639-initial";
import { AddAgents1795978607577 as PostgresAddAgents } from "./postgres/1795978607577-add-agents";
import { AddAgents1795978607577 as SqliteAddAgents } from "./sqlite/1795978607577-add-agents";
import { AddWebhooks1795978814344 as PostgresAddWebhooks } from "./postgres/1795978814344-add-webhooks";
import { AddWebhooks1795978814344 as SqliteAddWebhooks } from "./sqlite/1795978814344-add-webhooks";
import { AddCalls1795980129115 as PostgresAddCalls } from "./postgres/1795980129115-add-calls";
import { AddCalls1795980129115 as SqliteAddCalls } from "./sqlite/1795980129115-add-calls";
import { AddChatSessions1796093456663 as PostgresAddChatSessions } from "./postgres/1796093456663-add-chat-sessions";
import { AddChatSessions1796093456663 as SqliteAddChatSessions } from "./sqlite/1796093456663-add-chat-sessions";
import { AddCallContexts1796103316768 as PostgresAddCallContexts } from "./postgres/1796103316768-add-call-contexts";
import { AddCallContexts1796103316768 as SqliteAddCallContexts } from "./sqlite/1796103316768-add-call-contexts";
import { AddEvals1796103359001 as PostgresAddEvals } from "./postgres/1796103359001-add-evals";
import { AddEvals1796103359001 as SqliteAddEvals } from "./sqlite/1796103359001-add-evals";
import { AddSkillsApiRequests1796136722871 as PostgresAddSkillsApiRequests } from "./postgres/1796136722871-add-skills-api-requests";
import { AddSkillsApiRequests1796136722871 as SqliteAddSkillsApiRequests } from "./sqlite/1796136722871-add-skills-api-requests";
import { WholeOutsideValues1796137887959 as PostgresWholeOutsideValues } from "./postgres/1796137887959-whole-outside-values";
import { WholeOutsideValues1796137887959 as SqliteWholeOutsideValues } from "./sqlite/1796137887959-whole-outside-values";
import { AddWebhookTraceParent1796140187795 as PostgresAddWebhookTraceParent } from "./postgres/1796140187795-add-webhook-trace-parent";
import { AddWebhookTraceParent1796140187795 as SqliteAddWebhookTraceParent } from "./sqlite/1796140187795-add-webhook-trace-parent";
import { AddRollouts1796149642974 as PostgresAddRollouts } from "./postgres/1796149642974-add-rollouts";
import { AddRollouts1796149642974 as SqliteAddRollouts } from "./sqlite/1796149642974-add-rollouts";
import { AddApprovals1796149669081 as PostgresAddApprovals } from "./postgres/1796149669081-add-approvals";
import { AddApprovals1796149669081 as SqliteAddApprovals } from "./sqlite/1796149669081-add-approvals";
import { AddSkillSignals1796149747507 as PostgresAddSkillSignals } from "./postgres/1796149747507-add-skill-signals";
import { AddSkillSignals1796149747507 as SqliteAddSkillSignals } from "./sqlite/1796149747507-add-skill-signals";
import { AddSkillSignalDays1796154052213 as PostgresAddSkillSignalDays } from "./postgres/1796154052213-add-skill-signal-days";
import { AddSkillSignalDays1796154052213 as SqliteAddSkillSignalDays } from "./sqlite/1796154052213-add-skill-signal-days";
import { AddRolloutEvals1796160617806 as PostgresAddRolloutEvals } from "./postgres/1796160617806-add-rollout-evals";
import { AddRolloutEvals1796160617806 as SqliteAddRolloutEvals } from "./sqlite/1796160617806-add-rollout-evals";
import { WidenSignalDeltaIds1796199743046 as PostgresWidenSignalDeltaIds } from "./postgres/1796199743046-widen-signal-delta-ids";
import { AddCallFollowers1796207238542 as PostgresAddCallFollowers } from "./postgres/1796207238542-add-call-followers";
import { AddCallFollowers1796207238542 as SqliteAddCallFollowers } from "./sqlite/1796207238542-add-call-followers";
import { AddContentReviews1796417066007 as PostgresAddContentReviews } from "./postgres/1796417066007-add-content-reviews";
import { AddContentReviews1796417066007 as SqliteAddContentReviews } from "./sqlite/1796417066007-add-content-reviews";
import { AddCatalogBudget1796417865925 as PostgresAddCatalogBudget } from "./postgres/1796417865925-add-catalog-budget";
import { AddCatalogBudget1796417865925 as SqliteAddCatalogBudget } from "./sqlite/1796417865925-add-catalog-budget";
import { IndexCallsByAgentAndStart1796429040000 as PostgresIndexCallsByAgentAndStart } from "./postgres/1796429040000-index-calls-by-agent-and-start";
import { IndexCallsByAgentAndStart1796429040000 as SqliteIndexCallsByAgentAndStart } from "./sqlite/1796429040000-index-calls-by-agent-and-start";
import { IndexSkillVersionsByCreation1796429041000 as PostgresIndexSkillVersionsByCreation } from "./postgres/1796429041000-index-skill-versions-by-creation";
import { IndexSkillVersionsByCreation1796429041000 as SqliteIndexSkillVersionsByCreation } from "./sqlite/1796429041000-index-skill-versions-by-creation";
import { IndexLoadedSignals1796429042000 as PostgresIndexLoadedSignals } from "./postgres/1796429042000-index-loaded-signals";
import { IndexLoadedSignals1796429042000 as SqliteIndexLoadedSignals } from "./sqlite/1796429042000-index-loaded-signals";
import { IndexEvictingAgents1796429043000 as PostgresIndexEvictingAgents } from "./postgres/1796429043000-index-evicting-agents";
import { IndexEvictingAgents1796429043000 as SqliteIndexEvictingAgents } from "./sqlite/1796429043000-index-evicting-agents";
import { IndexEvictingHours1796429044000 as PostgresIndexEvictingHours } from "./postgres/1796429044000-index-evicting-hours";
import { IndexEvictingHours1796429044000 as SqliteIndexEvictingHours } from "./sqlite/1796429044000-index-evicting-hours";
import { IndexSkillSeries1796500000000 as PostgresIndexSkillSeries } from "./postgres/1796500000000-index-skill-series";
import { IndexSkillSeries1796500000000 as SqliteIndexSkillSeries } from "./sqlite/1796500000000-index-skill-series";
import { AddProvenance1796432400000 as PostgresAddProvenance } from "./postgres/1796432400000-add-provenance";
import { AddProvenance1796432400000 as SqliteAddProvenance } from "./sqlite/1796432400000-add-provenance";
import { AddRevocations1796436000000 as PostgresAddRevocations } from "./postgres/1796436000000-add-revocations";
import { AddRevocations1796436000000 as SqliteAddRevocations } from "./sqlite/1796436000000-add-revocations";
import { AddDiscoverySettings1796436060000 as PostgresAddDiscoverySettings } from "./postgres/1796436060000-add-discovery-settings";
import { AddDiscoverySettings1796436060000 as SqliteAddDiscoverySettings } from "./sqlite/1796436060000-add-discovery-settings";
import { AddCallCatalogs1796439600000 as PostgresAddCallCatalogs } from "./postgres/1796439600000-add-call-catalogs";
import { AddCallCatalogs1796439600000 as SqliteAddCallCatalogs } from "./sqlite/1796439600000-add-call-catalogs";
import { AddSkillDisplayName1796450400000 as PostgresAddSkillDisplayName } from "./postgres/1796450400000-add-skill-display-name";
import { AddSkillDisplayName1796450400000 as SqliteAddSkillDisplayName } from "./sqlite/1796450400000-add-skill-display-name";
import { NormaliseScenarioTags1796450460000 as PostgresNormaliseScenarioTags } from "./postgres/1796450460000-normalise-scenario-tags";
import { NormaliseScenarioTags1796450460000 as SqliteNormaliseScenarioTags } from "./sqlite/1796450460000-normalise-scenario-tags";
import { AddSignalSummaries1796510000000 as PostgresAddSignalSummaries } from "./postgres/1796510000000-add-signal-summaries";
import { AddSignalSummaries1796510000000 as SqliteAddSignalSummaries } from "./sqlite/1796510000000-add-signal-summaries";
import { DropEvictingRollupIndexes1796530000000 as PostgresDropEvictingRollupIndexes } from "./postgres/1796530000000-drop-evicting-rollup-indexes";
import { DropEvictingRollupIndexes1796530000000 as SqliteDropEvictingRollupIndexes } from "./sqlite/1796530000000-drop-evicting-rollup-indexes";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const sqliteMigrations: Function[] = [
  SqliteInitial,
  SqliteAddAgents,
  SqliteAddWebhooks,
  SqliteAddCalls,
  SqliteAddChatSessions,
  SqliteAddCallContexts,
  SqliteAddEvals,
  SqliteAddSkillsApiRequests,
  SqliteWholeOutsideValues,
  SqliteAddWebhookTraceParent,
  SqliteAddRollouts,
  SqliteAddApprovals,
  SqliteAddSkillSignals,
  SqliteAddSkillSignalDays,
  SqliteAddRolloutEvals,
  SqliteAddCallFollowers,
  SqliteAddContentReviews,
  SqliteAddCatalogBudget,
  SqliteIndexCallsByAgentAndStart,
  SqliteIndexSkillVersionsByCreation,
  SqliteIndexLoadedSignals,
  SqliteIndexEvictingAgents,
  SqliteIndexEvictingHours,
  SqliteAddProvenance,
  SqliteAddRevocations,
  SqliteAddDiscoverySettings,
  SqliteAddCallCatalogs,
  SqliteAddSkillDisplayName,
  SqliteNormaliseScenarioTags,
  SqliteIndexSkillSeries,
  SqliteAddSignalSummaries,
  SqliteDropEvictingRollupIndexes,
];
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const postgresMigrations: Function[] = [
  PostgresInitial,
  PostgresAddAgents,
  PostgresAddWebhooks,
  PostgresAddCalls,
  PostgresAddChatSessions,
  PostgresAddCallContexts,
  PostgresAddEvals,
  PostgresAddSkillsApiRequests,
  PostgresWholeOutsideValues,
  PostgresAddWebhookTraceParent,
  PostgresAddRollouts,
  PostgresAddApprovals,
  PostgresAddSkillSignals,
  PostgresAddSkillSignalDays,
  PostgresAddRolloutEvals,
  PostgresWidenSignalDeltaIds,
  PostgresAddCallFollowers,
  PostgresAddContentReviews,
  PostgresAddCatalogBudget,
  PostgresIndexCallsByAgentAndStart,
  PostgresIndexSkillVersionsByCreation,
  PostgresIndexLoadedSignals,
  PostgresIndexEvictingAgents,
  PostgresIndexEvictingHours,
  PostgresAddProvenance,
  PostgresAddRevocations,
  PostgresAddDiscoverySettings,
  PostgresAddCallCatalogs,
  PostgresAddSkillDisplayName,
  PostgresNormaliseScenarioTags,
  PostgresIndexSkillSeries,
  PostgresAddSignalSummaries,
  PostgresDropEvictingRollupIndexes,
];
