import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/ui/language-select';
import { applyLanguage } from '@/lib/i18n/i18n';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';

/**
 * Signed in, a switch goes through the auth machine (POST /switch-language, stored user updated,
 * then the messages load); signed out, only the interface language changes.
 */
export function SessionLanguageSelect() {
  const { i18n } = useTranslation();
  const actor = useAuthActorRef();
  const signedIn = useAuthSelector((s) => s.hasTag('authenticated'));
  // Signed in, the machine takes a switch only with no other call in flight (companies loading or
  // switching, a language switch): the control is disabled until then, never a choice it drops.
  const busy = useAuthSelector((s) => s.hasTag('authenticated') && !s.matches({ authenticated: { activity: 'idle' } }));
  return (
    <LanguageSelect
      disabled={busy}
      onChange={(language) => {
        if (signedIn) actor.send({ type: 'auth.language.switch', language });
        else void applyLanguage(i18n, language);
      }}
    />
  );
}
