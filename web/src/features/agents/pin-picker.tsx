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
  /** Every version of the skill (loaded when the list is opened or a version is pinned). */
  versions: PickerVersion[];
  /** The live version's number while `versions` is not loaded (null: none published; undefined: not known yet). */
  live?: number | null;
  /** The list of versions is opened (load `versions` then). */
  onOpen?(): void;
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
export function PinPicker({ skill, versions, value, onChange, error, readOnly, ...props }: Props) {
  const live = versions.length > 0 ? (versions.find((v) => v.state === "PUBLISHED")?.version ?? null) : props.live;
  const data = [
    {
      value: FOLLOW_LIVE,
      label:
        live === undefined
          ? "Follow live"
          : live === null
            ? "Follow live (none published yet)"
            : `Follow live (now version ${live})`,
    },
    ...versions.map((v) => ({
      value: v.id,
      label: `Pin version ${v.version} (${v.revoked ? "revoked" : v.state.toLowerCase()})`,
      disabled: v.state === "DRAFT" || !!v.revoked,
    })),
  ];
  const known = value === null || versions.some((v) => v.id === value);
  // (versions not loaded yet: the pin is shown as it is until they are)
  const pinned = versions.length > 0 ? `Pinned to ${value} (not a version of ${skill})` : `Pinned to ${value}`;
  if (!known) data.push({ value: value, label: pinned, disabled: false });
  return (
    <Select
      label={`Version of ${skill}`}
      data={data}
      value={value ?? FOLLOW_LIVE}
      onChange={(v) => onChange(!v || v === FOLLOW_LIVE ? null : v)}
      error={error}
      readOnly={readOnly}
      allowDeselect={false}
      onDropdownOpen={props.onOpen}
      w={320}
    />
  );
}
