// "Run now" of a background job (probes, a page scan): the button, then, while the job is queued
// or running, what it is doing instead of a second click; once it has ended every list refreshes.
import { Button, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@vigil/api-client';
import { useEffect, useRef } from 'react';

export interface QueueJobButtonProps {
  label: string;
  /** What the queued or running job is doing, already translated (null while there is none). */
  pendingText: string | null;
  /** The queueing request: its failure shows beside the button. */
  start: { isPending: boolean; error: unknown; mutate: () => void };
  testId: string;
}

export function QueueJobButton({ label, pendingText, start, testId }: QueueJobButtonProps) {
  useRefreshWhenDone(pendingText !== null);
  const failure = start.error instanceof ApiError ? start.error.serverMessage || start.error.message : null;
  return (
    <HStack gap="2">
      <Button
        size="sm"
        variant="outline"
        loading={start.isPending}
        // The label stays beside the spinner: hidden, the button would have no name while it loads.
        loadingText={label}
        disabled={pendingText !== null}
        onClick={() => start.mutate()}
      >
        {label}
      </Button>
      {pendingText !== null ? (
        <Text fontSize="sm" role="status" data-testid={testId}>
          {pendingText}
        </Text>
      ) : null}
      {failure ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {failure}
        </Text>
      ) : null}
    </HStack>
  );
}

/** Once a job that was on its way has ended, every list refreshes (what it found shows everywhere). */
function useRefreshWhenDone(pending: boolean) {
  const client = useQueryClient();
  const was = useRef(pending);
  useEffect(() => {
    if (was.current && !pending) void client.invalidateQueries();
    was.current = pending;
  }, [pending, client]);
}
