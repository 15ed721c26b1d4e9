import { Alert, Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorInfo } from "./errors";
import { Empty, Loading } from "./states";

/** What a page reads of Apollo's useQuery (or any read): enough to say loading, failed, empty or here. */
export interface QueryLike<T> {
  data: T | undefined;
  loading: boolean;
  error?: unknown;
  refetch?: () => Promise<unknown>;
}

interface Props<T> {
  query: QueryLike<T>;
  /** Says what failed: "Calls could not be listed". */
  errorTitle: string;
  loadingLabel?: string;
  /** When the answer holds nothing to show; `empty` is said instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The page's subject is not there (isEmpty, or the server's NOT_FOUND): shown as it is, instead of the error. */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}

/** An error the reader can act on: the server's sentence, its code, and a way to try again. */
export function RetryNotice({ error, title, retry }: { error: unknown; title: string; retry?: () => unknown }) {
  const info = errorInfo(error);
  if (!info) return null;
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm">{info.message}</Text>
          {info.code ? (
            <Text size="xs" c="dimmed" mt={4}>
              code {info.code}
            </Text>
          ) : null}
        </div>
        {retry ? (
          <Button size="xs" variant="default" onClick={() => void retry()}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/**
 * One place for the four states of a read: loading (only before a first answer), failed (with the server's message
 * and "Try again"; an earlier answer stays shown under it), empty, and the answer itself.
 */
export function QueryState<T>({ query, errorTitle, loadingLabel, isEmpty, empty, notFound, children }: Props<T>) {
  const { data, loading, error, refetch } = query;
  if (notFound && (errorInfo(error)?.code === "NOT_FOUND" || (data !== undefined && !error && isEmpty?.(data)))) {
    return <>{notFound}</>;
  }
  const retry = refetch ? () => refetch().catch(() => undefined) : undefined;
  const notice = error ? <RetryNotice error={error} title={errorTitle} retry={retry} /> : null;
  if (data === undefined) return loading && !error ? <Loading label={loadingLabel} /> : notice;
  return (
    <>
      {notice}
      {isEmpty?.(data) ? <Empty>{empty}</Empty> : children(data)}
    </>
  );
}
