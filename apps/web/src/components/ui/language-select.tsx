import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '@/lib/i18n/languages';
import { SimpleSelect } from './simple-select';

export interface LanguageSelectProps {
  /** Called with the chosen language; the caller switches it (locally, or through the auth machine). */
  onChange: (language: Language) => void;
  disabled?: boolean;
}

/** The interface language picker; each language is listed under its own name. */
export function LanguageSelect({ onChange, disabled }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : i18n.language;
  return (
    <SimpleSelect
      label={t('language.label')}
      value={current}
      disabled={disabled}
      data-testid="language-select"
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
