import { Group, Select, TextInput } from "@mantine/core";

const PRESETS: Record<string, { label: string; ms: number }> = {
  "1h": { label: "Last hour", ms: 3600e3 },
  "24h": { label: "Last 24 hours", ms: 86400e3 },
  "7d": { label: "Last 7 days", ms: 7 * 86400e3 },
  "30d": { label: "Last 30 days", ms: 30 * 86400e3 },
};

export interface TimeRangeValues {
  since: string | null;
  from: string | null;
  until: string | null;
}

/**
 * The query's bounds: a preset ("last 24 hours") wins; else from the start of `from` to the end of `until` (local
 * days). "Now" is taken to the minute, so the bounds (and the query's variables) stay the same from one render to
 * the next instead of asking the server again at every render.
 */
export function timeBounds(
  v: TimeRangeValues,
  now = Math.floor(Date.now() / 60_000) * 60_000,
): { after: string | null; before: string | null } {
  const preset = v.since ? PRESETS[v.since] : undefined;
  if (preset) return { after: new Date(now - preset.ms).toISOString(), before: null };
  const day = (text: string | null, plusDays: number) => {
    if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
    const [y, m, d] = text.split("-").map(Number) as [number, number, number];
    return new Date(y, m - 1, d + plusDays).toISOString();
  };
  return { after: day(v.from, 0), before: day(v.until, 1) };
}

/** "Started": a recent window, or a range of days. */
export function TimeRangeFilter({
  label,
  values,
  onChange,
}: {
  label: string;
  values: TimeRangeValues;
  onChange(change: Partial<TimeRangeValues>): void;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={label}
        data={Object.entries(PRESETS).map(([value, p]) => ({ value, label: p.label }))}
        value={values.since}
        onChange={(since) => onChange({ since, from: null, until: null })}
        clearable
        placeholder="Any time"
        w={150}
      />
      <TextInput
        type="date"
        label="From"
        value={values.from ?? ""}
        onChange={(e) => onChange({ from: e.currentTarget.value || null, since: null })}
        w={140}
      />
      <TextInput
        type="date"
        label="Until"
        value={values.until ?? ""}
        onChange={(e) => onChange({ until: e.currentTarget.value || null, since: null })}
        w={140}
      />
    </Group>
  );
}
