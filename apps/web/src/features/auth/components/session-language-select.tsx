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
  const switching = useAuthSelector((s) => s.matches({ authenticated: { activity: 'switchingLanguage' } }));
  return (
    <LanguageSelect
      disabled={switching}
      onChange={(language) => {
        if (signedIn) actor.send({ type: 'auth.language.switch', language });
        else void applyLanguage(i18n, language);
      }}
    />
  );
}
