import type { GraphQLSchema } from "graphql";
import { Arg, ID, Resolver, Root, Subscription } from "type-graphql";
import type { AuthContext } from "../auth";
import { CallEventType, ToolInvocationType, type CallEventEntity, type ToolInvocationEntity } from "../calls";
import type { CallTimelineService } from "./call-timeline.service";

/**
 * type-graphql calls a `subscribe` function with the request's args, context and info, not with the resolver
 * instance; the composition root binds each built schema to its timeline service here.
 */
const timelines = new WeakMap<GraphQLSchema, CallTimelineService>();

export function bindCallTimeline(schema: GraphQLSchema, timeline: CallTimelineService): void {
  timelines.set(schema, timeline);
}

function timelineOf(schema: GraphQLSchema): CallTimelineService {
  const timeline = timelines.get(schema);
  if (!timeline) throw new Error("The call timeline is not bound to this schema (see app.ts).");
  return timeline;
}

@Resolver()
export class CallTimelineResolver {
  @Subscription(() => CallEventType, {
    description:
      "UX-5: the call's events so far, then each new one as it is recorded (over graphql-ws on /graphql); " +
      "completes after call.ended.",
    subscribe: ({ args, context, info }) =>
      timelineOf(info.schema).follow(context as AuthContext, (args as { callId: string }).callId),
  })
  callEvents(@Root() event: CallEventEntity, @Arg("callId", () => ID) _callId: string): CallEventEntity {
    return event;
  }

  @Subscription(() => ToolInvocationType, {
    description:
      "UX-5: the call's tool runs so far (as Call.toolInvocations, oldest first), then each new one as it is " +
      "recorded (over graphql-ws on /graphql); completes once the call has ended.",
    subscribe: ({ args, context, info }) =>
      timelineOf(info.schema).followToolRuns(context as AuthContext, (args as { callId: string }).callId),
  })
  callToolInvocations(
    @Root() invocation: ToolInvocationEntity,
    @Arg("callId", () => ID) _callId: string,
  ): ToolInvocationEntity {
    return invocation;
  }
}
