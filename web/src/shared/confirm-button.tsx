import { Alert, Button, Group, Popover, Stack, Text, type ButtonProps } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { errorInfo } from "./errors";
import { FAILED_COLOR } from "./format";

interface Props extends Pick<ButtonProps, "size" | "variant" | "color"> {
  /** The button's text ("Delete"). */
  children: ReactNode;
  /** Its accessible name when the text alone is ambiguous in a list ("Delete the subscription to https://…"). */
  label?: string;
  /** What will happen, asked before it does ("Delete …? Its pending deliveries are cancelled."); none: at once. */
  confirm?: ReactNode;
  /** The confirming button's text; the button's own text by default. */
  confirmLabel?: string;
  /** Says what failed: "The subscription was not deleted". */
  failure: string;
  /** The action; a rejection is shown beside the button with the server's message. */
  onConfirm(): Promise<unknown>;
  disabled?: boolean;
}

/**
 * A button for an action that changes things (delete, revoke, unlink, redeliver): asks first when `confirm` says
 * what will happen, shows that it runs, and when the server refuses, says why right where it was pressed.
 */
export function ConfirmButton(props: Props) {
  const { children, label, confirm, confirmLabel, failure, onConfirm, disabled } = props;
  const [opened, setOpened] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const color = props.color ?? FAILED_COLOR;

  async function run() {
    setRunning(true);
    setError(null);
    try {
      await onConfirm();
      setOpened(false);
    } catch (e) {
      setError(e);
      setOpened(true);
    } finally {
      setRunning(false);
    }
  }
  const close = () => {
    setOpened(false);
    setError(null);
  };
  const info = errorInfo(error);

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? setOpened(true) : close())}
      trapFocus
      returnFocus
      withArrow
      shadow="md"
      width={320}
      position="bottom-end"
    >
      <Popover.Target>
        <Button
          size={props.size ?? "compact-xs"}
          variant={props.variant ?? "light"}
          color={color}
          aria-label={label}
          loading={running && !opened}
          disabled={disabled}
          onClick={() => (confirm ? setOpened((o) => !o) : void run())}
        >
          {children}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label ?? (typeof children === "string" ? children : failure)}>
        <Stack gap="xs">
          {confirm && !info ? <Text size="sm">{confirm}</Text> : null}
          {info ? (
            <Alert color="red" variant="light" title={failure} role="alert" p="xs">
              <Text size="sm">{info.message}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {info ? "Close" : "Cancel"}
            </Button>
            {confirm ? (
              <Button size="xs" color={color} loading={running} onClick={() => void run()}>
                {info ? "Try again" : (confirmLabel ?? children)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
