import { Select } from "@mantine/core";

export interface PickerVersion {
  id: string;
  version: number;
  state: string;
  /** PV-3: never served; a pin to it resolves to nothing. */
  revoked?: boolean;
}

interface Props {
  skill: string;
  versions: PickerVersion[];
  /** null: follow the live version. */
  value: string | null;
  onChange(versionId: string | null): void;
  error?: string;
  readOnly?: boolean;
}

export const FOLLOW_LIVE = "__live__";

/**
 * UX-4: follow the live version, or pin one. Drafts are listed but disabled: a pin to a draft is refused (AG-2); so
 * are revoked versions (PV-3), which no call gets.
 */
export function PinPicker({ skill, versions, value, onChange, error, readOnly }: Props) {
  const live = versions.find((v) => v.state === "PUBLISHED");
  const data = [
    {
      value: FOLLOW_LIVE,
      label: live ? `Follow live (now version ${live.version})` : "Follow live (none published yet)",
    },
    ...versions.map((v) => ({
      value: v.id,
      label: `Pin version ${v.version} (${v.revoked ? "revoked" : v.state.toLowerCase()})`,
      disabled: v.state === "DRAFT" || !!v.revoked,
    })),
  ];
  const known = value === null || versions.some((v) => v.id === value);
  if (!known) data.push({ value: value, label: `Pinned to ${value} (not a version of ${skill})`, disabled: false });
  return (
    <Select
      label={`Version of ${skill}`}
      data={data}
      value={value ?? FOLLOW_LIVE}
      onChange={(v) => onChange(!v || v === FOLLOW_LIVE ? null : v)}
      error={error}
      readOnly={readOnly}
      allowDeselect={false}
      w={320}
    />
  );
}
