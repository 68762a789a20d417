import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyQueries } from './monitoring-queries';

// The company picked in the session (MonitoringQueries reads it from useCompanies()).
const session = { currentId: 1 as number | null };

/** A list as the screens have one: its rows come from the server for the current company. */
function Rows() {
  const rows = useQuery({ queryKey: ['rows'], queryFn: async () => `rows of company ${session.currentId}` });
  return <p>{rows.data ?? 'loading'}</p>;
}

describe('the monitoring screens after a company switch', () => {
  it('never show the previous company’s rows: the list on show asks the server again', async () => {
    const { rerender } = render(
      <CompanyQueries companyId={session.currentId}>
        <Rows />
      </CompanyQueries>,
    );
    await screen.findByText('rows of company 1');

    session.currentId = 2;
    act(() =>
      rerender(
        <CompanyQueries companyId={session.currentId}>
          <Rows />
        </CompanyQueries>,
      ),
    );
    // From the render of the switch on, company 1's rows are gone…
    expect(screen.queryByText('rows of company 1')).toBeNull();
    // …and the list shows the new company's once they arrive.
    await waitFor(() => expect(screen.getByText('rows of company 2')).toBeTruthy());
  });
});
