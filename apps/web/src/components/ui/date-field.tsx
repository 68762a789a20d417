import { chakra, useRecipe } from '@chakra-ui/react';
import { type InputHTMLAttributes, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDateText, parseDateText } from '@/lib/i18n/date-text';
import { useFormat } from '@/lib/i18n/format';

export interface DateFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'type' | 'size' | 'placeholder'> {
  /** The date, YYYY-MM-DD; '' for none. */
  value: string;
  /** Called with a whole, valid date (YYYY-MM-DD), or '' when the field is emptied. */
  onChange: (value: string) => void;
  /** The earliest date allowed, YYYY-MM-DD. */
  min?: string | undefined;
}

/**
 * A date typed in the interface language's order (dd/mm/aaaa in pt-br, TT.MM.JJJJ in de,
 * mm/dd/yyyy in en), where `<input type="date">` follows the browser's locale instead. A text box
 * with the format as placeholder and description; a date that is not whole, real, of the years
 * 1900–2999 and not before `min` is marked invalid (and blocks its form) and never reaches `onChange`.
 */
export function DateField({ value, onChange, min, id, onBlur, ...input }: DateFieldProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const recipe = useRecipe({ key: 'input' });
  const generated = useId();
  const inputId = id ?? generated;
  const ref = useRef<HTMLInputElement>(null);
  const pattern = useMemo(() => datePattern(locale), [locale]);
  const format = pattern.order.map((part) => t(`dateField.${part}`)).join(pattern.separator);
  const [text, setText] = useState(() => formatDateText(value, pattern));
  const [touched, setTouched] = useState(false);

  // A value from outside (back, clear filters, another language) replaces the text, unless the
  // text already says that date (the user is typing it).
  useEffect(() => {
    setText((current) => (parseDateText(current, pattern) === value ? current : formatDateText(value, pattern)));
  }, [value, pattern]);

  const parsed = parseDateText(text, pattern);
  const error =
    text.trim() === ''
      ? null
      : parsed === null
        ? t('dateField.invalid', { format })
        : min && parsed < min
          ? t('dateField.tooEarly', { date: formatDateText(min, pattern) })
          : null;
  useEffect(() => ref.current?.setCustomValidity(error ?? ''), [error]);

  return (
    <chakra.span position="relative" display="inline-block">
      <chakra.input
        ref={ref}
        id={inputId}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={format}
        value={text}
        aria-invalid={touched && error ? true : undefined}
        aria-describedby={`${inputId}-format${touched && error ? ` ${inputId}-error` : ''}`}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const date = parseDateText(next, pattern);
          if (next.trim() === '') {
            if (value !== '') onChange('');
          } else if (date !== null && !(min && date < min) && date !== value) onChange(date);
        }}
        onBlur={(event) => {
          setTouched(true);
          if (parsed !== null) setText(formatDateText(parsed, pattern));
          onBlur?.(event);
        }}
        css={recipe({ size: 'sm', variant: 'outline' })}
        width={`calc(${format.length}ch + 2.5rem)`}
        {...input}
      />
      <chakra.span id={`${inputId}-format`} srOnly>
        {t('dateField.format', { format })}
      </chakra.span>
      {touched && error ? (
        // Under the box without moving the row it stands in (filter bars align their controls).
        <chakra.span
          id={`${inputId}-error`}
          position="absolute"
          top="100%"
          insetStart="0"
          whiteSpace="nowrap"
          fontSize="xs"
          color="fg.error"
        >
          {error}
        </chakra.span>
      ) : null}
    </chakra.span>
  );
}
