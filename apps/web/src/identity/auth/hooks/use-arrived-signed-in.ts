import { useRef } from 'react';
import { useAuthSelector } from '../auth-actor';

/**
 * Whether the visitor was already signed in when this screen opened (a session restored at
 * start-up, or a signed-in user typing the address): the screen then sends them on itself.
 * A sign-in that happens on the screen is different: the machine's `navigate` intent leads (to
 * the redirect target, or `/` when that fails), so a failed navigation is the machine's to answer.
 */
export function useArrivedSignedIn(): boolean {
  const signedIn = useAuthSelector((s) => s.hasTag('authenticated'));
  const signedOut = useAuthSelector((s) => s.matches('signedOut'));
  const sawSignedOut = useRef(false);
  if (signedOut) sawSignedOut.current = true;
  return signedIn && !sawSignedOut.current;
}
