import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect } from "react";
import { NavigationType, useBlocker } from "react-router";
import { FAILED_COLOR } from "./format";

/**
 * Asks before an editor with unsaved edits is left: a move within the console opens "Leave without saving?"
 * (Stay / Leave), closing or reloading the tab gets the browser's own question. Not stopped: the editor's own
 * moves, which replace the address (a first save's new version) or say `state: { saved: true }`.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      when &&
      historyAction !== NavigationType.Replace &&
      (nextLocation.state as { saved?: boolean } | null)?.saved !== true &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);
  const blocked = blocker.state === "blocked";
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      closeButtonProps={{ "aria-label": "Close and stay" }}
    >
      <Text size="sm">{what}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay
        </Button>
        <Button color={FAILED_COLOR} onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
