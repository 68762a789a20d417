import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AuthApi } from '@vigil/auth-machine';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createTestAuthLogic, seedSession, stubApi } from '@/testing/auth';
import { AuthActorContext, useAuthSelector } from '../auth-actor';
import { useOpenInCompany } from './use-open-in-company';

function Opener({ company }: { company: number }) {
  const open = useOpenInCompany();
  const location = useLocation();
  const ready = useAuthSelector((s) => s.hasTag('authenticated'));
  return (
    <>
      <button type="button" disabled={!ready} onClick={() => open(company, '/credentials?status=new')}>
        open
      </button>
      <p data-testid="at">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

async function renderOpener(company: number, switchClient: AuthApi['switchClient']) {
  await seedSession();
  const logic = createTestAuthLogic(stubApi({ switchClient, listClients: async () => ({ data: [] }) }));
  const router = createMemoryRouter([{ path: '*', element: <Opener company={company} /> }], {
    initialEntries: ['/globalcorporate'],
  });
  render(
    <AuthActorContext.Provider logic={logic}>
      <RouterProvider router={router} />
    </AuthActorContext.Provider>,
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'open' }).hasAttribute('disabled')).toBe(false));
}

describe('opening a screen of one of the user’s companies', () => {
  it('switches to another company first, then navigates', async () => {
    const switchClient = vi.fn<AuthApi['switchClient']>(async () => ({
      message: 'Company updated.',
      data: { idCliente: 2 },
    }));
    await renderOpener(2, switchClient);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/credentials?status=new'));
    expect(switchClient).toHaveBeenCalledWith({ selectCompany: 2 });
  });

  it('navigates at once within the current company', async () => {
    const switchClient = vi.fn<AuthApi['switchClient']>();
    await renderOpener(1, switchClient);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/credentials?status=new'));
    expect(switchClient).not.toHaveBeenCalled();
  });

  it('stays where it is when the server refuses the switch', async () => {
    const switchClient = vi.fn<AuthApi['switchClient']>(async () => {
      throw Object.assign(new Error('Company not found.'), { status: 404, body: {} });
    });
    await renderOpener(3, switchClient);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(switchClient).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('at').textContent).toBe('/globalcorporate');
  });
});
