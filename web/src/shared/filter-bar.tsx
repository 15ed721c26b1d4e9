import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** A list's filters on one line, and "Clear filters" once any is set. */
export function FilterBar({ filters, children }: { filters: { active: boolean; clear(): void }; children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filters">
      {children}
      {filters.active ? (
        <Anchor component="button" type="button" size="sm" mb={8} onClick={filters.clear}>
          Clear filters
        </Anchor>
      ) : null}
    </Group>
  );
}
