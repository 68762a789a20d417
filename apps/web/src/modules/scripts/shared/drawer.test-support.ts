import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The detail drawer's content once the drawer is open: on a loaded machine it can still be opening,
 * and a click then lands in a closed drawer.
 */
export async function openDrawer(testId: string) {
  const drawer = await screen.findByTestId('detail-drawer');
  await waitFor(() => expect(drawer.dataset.state).toBe('open'), { timeout: 5_000 });
  return within(drawer).findByTestId(testId);
}

/**
 * After a test: dismisses its open dialogs and drawers (the top one first, again until none is left),
 * then unmounts. A dialog left open stays in the dismissal stack and, under load, took the next test's
 * dialog for a click outside it; one that will not close in time is unmounted all the same, so it
 * never fails the next test too.
 */
export async function closeDialogs() {
  await waitFor(() => {
    const open = screen.queryAllByRole('dialog');
    for (const dialog of open) fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(open).toHaveLength(0);
  }).catch(() => undefined);
  cleanup();
}
