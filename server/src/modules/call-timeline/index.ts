// UX-5: the live call timeline. The composition root wires these; nothing else imports them.
export { bindCallTimeline, CallTimelineResolver } from "./call-timeline.resolver";
export { CALL_EVENTS_TOPIC, CallTimelineService, type CallEventsPubSub } from "./call-timeline.service";
