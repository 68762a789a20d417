import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '@/lib/i18n/languages';
import { SimpleSelect } from './simple-select';

export interface LanguageSelectProps {
  /** Called with the chosen language; the caller switches it (locally, or through the auth machine). */
  onChange: (language: Language) => void;
  disabled?: boolean;
  /** A language chosen for something else (a report's): its value and what the picker is for. */
  choice?: { value: Language; label: string };
}

/**
 * A language picker, each language listed under its own name: the interface's (the default), or,
 * with `choice`, a language of something else the user picks (a report's).
 */
export function LanguageSelect({ onChange, disabled, choice }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : i18n.language;
  return (
    <SimpleSelect
      label={choice?.label ?? t('language.label')}
      value={choice?.value ?? current}
      disabled={disabled}
      data-testid={choice ? undefined : 'language-select'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) onChange(value);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`language.names.${language}`)}
        </option>
      ))}
    </SimpleSelect>
  );
}
