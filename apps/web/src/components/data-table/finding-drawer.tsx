import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';
import { DetailDrawer } from './detail-drawer';

/** A finding's title (its triage panel, from the findings feature, shows the rest). */
function useFindingTitle(id: number) {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['findings', 'one', id],
      (signal) => api.GET('/findings/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
    select: (finding) => finding.title,
  });
}

/**
 * A module's finding opened on a screen that lists something else (assets, scripts):
 * `?open=<finding id>`, as the timeline, the alerts and the rows' findings link it.
 */
export function FindingDrawer({
  title,
  renderFinding,
}: {
  title: string;
  renderFinding: (findingId: number) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('open'));
  const open = Number.isInteger(id) && id > 0;
  return (
    <DetailDrawer
      open={open}
      title={title}
      onClose={() =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('open');
          return next;
        })
      }
    >
      {open ? <FindingContent id={id} renderFinding={renderFinding} /> : null}
    </DetailDrawer>
  );
}

function FindingContent({ id, renderFinding }: { id: number; renderFinding: (findingId: number) => ReactNode }) {
  const title = useFindingTitle(id);
  return (
    <Stack gap="4">
      {title.isPending ? (
        <Skeleton height="6" />
      ) : (
        <Heading as="h3" size="md" overflowWrap="anywhere">
          {title.data ?? ''}
        </Heading>
      )}
      {renderFinding(id)}
    </Stack>
  );
}
