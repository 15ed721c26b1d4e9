import { FAILED_COLOR, INFO_COLOR, MUTED_COLOR, OK_COLOR, WARN_COLOR } from "../../shared/format";

export const STATUS_LABEL: Record<string, string> = {
  running: "running",
  paused: "paused",
  completed: "completed",
  rolled_back: "rolled back",
  aborted: "aborted",
};

export const statusColor = (status: string) =>
  status === "running"
    ? INFO_COLOR
    : status === "paused"
      ? WARN_COLOR
      : status === "completed"
        ? OK_COLOR
        : status === "rolled_back" || status === "aborted"
          ? FAILED_COLOR
          : MUTED_COLOR;
