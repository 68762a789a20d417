import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthActorRef } from '../auth-actor';

const switching = { authenticated: { activity: 'switchingCompany' } } as const;

/**
 * Opens a screen of one of the user's companies: switches to it first (POST /get-clients) unless it
 * is the current one, then navigates, so the screen reads that company's data (Global Vision, search).
 * A switch the server refuses leaves the user where they are (the machine shows its error).
 */
export function useOpenInCompany(): (company: number, to: string) => void {
  const actor = useAuthActorRef();
  const navigate = useNavigate();
  return useCallback(
    (company: number, to: string) => {
      if (Number(actor.getSnapshot().context.user?.idcliente) === company) {
        navigate(to);
        return;
      }
      const subscription = actor.subscribe((state) => {
        if (state.matches(switching)) return;
        subscription.unsubscribe();
        if (Number(state.context.user?.idcliente) === company) navigate(to);
      });
      actor.send({ type: 'auth.company.switch', company });
      // Busy with something else (clients loading): the machine dropped the switch.
      if (!actor.getSnapshot().matches(switching)) subscription.unsubscribe();
    },
    [actor, navigate],
  );
}
