import { Column } from "typeorm";
import { JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";

/**
 * The columns of one tool run, the same in a call's `tool_invocations` and a chat session's `chat_tool_invocations`
 * (TX-6: the same shape as a call's). Two tables on purpose: each run belongs to exactly one owner and goes with it
 * (a foreign key with ON DELETE CASCADE each), and the two are read by different pages; one table would need two
 * nullable owners and a check that exactly one is set.
 */
export abstract class ToolRunColumns {
  /** The tool's name as offered or as the model called it (an MCP server's names have no length limit: SEC-22). */
  @TextColumn("tool")
  tool!: string;

  @TextColumn("source", { length: 200 })
  source!: string;

  @JsonColumn("arguments")
  arguments!: unknown;

  /** ok | error | timeout | refused */
  @TextColumn("status", { length: 16 })
  status!: string;

  @JsonColumn("result", { nullable: true })
  result!: unknown;

  @TextColumn("error", { nullable: true })
  error!: string | null;

  @Column({ type: "integer", name: "latency_ms" })
  latencyMs!: number;

  @TimestampColumn("at")
  at!: Date;
}
