import { screen, waitFor, within } from '@testing-library/react';
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
