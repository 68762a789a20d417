import { Button } from '@chakra-ui/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { FormDialog } from './form-dialog';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

/** A dialog whose submit fails the first time and succeeds the second. */
function Example({ opened }: { opened: string[] }) {
  const [attempts, setAttempts] = useState(0);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      trigger={<Button>Open</Button>}
      title="Name it"
      submitLabel="Save"
      pending={false}
      error={error}
      onOpen={() => {
        opened.push('open');
        setError(null);
      }}
      onSubmit={(close) => {
        setAttempts(attempts + 1);
        if (attempts === 0) setError('Refused');
        else close();
      }}
    >
      <input aria-label="Name" />
    </FormDialog>
  );
}

describe('the form dialog', () => {
  it('stays open with the error when the submit fails, closes once it succeeds', async () => {
    const opened: string[] = [];
    renderWithProviders(<Example opened={opened} />, { i18n });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name it' });
    expect(opened).toEqual(['open']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Refused')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Name it' })).toBeNull());
  });

  it('closes on Cancel without submitting', async () => {
    renderWithProviders(<Example opened={[]} />, { i18n });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name it' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Name it' })).toBeNull());
    expect(screen.queryByText('Refused')).toBeNull();
  });
});
