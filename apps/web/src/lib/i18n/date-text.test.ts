import { describe, expect, it } from 'vitest';
import { datePattern, formatDateText, parseDateText } from './date-text';

const ptBr = datePattern('pt-BR');
const de = datePattern('de');
const en = datePattern('en');

describe('dates in the interface language', () => {
  it('reads the order and separator of each language', () => {
    expect(ptBr).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(de).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(en).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
  });

  it('writes and reads a date in that order', () => {
    expect(formatDateText('2026-12-25', ptBr)).toBe('25/12/2026');
    expect(formatDateText('2026-12-25', de)).toBe('25.12.2026');
    expect(formatDateText('2026-12-25', en)).toBe('12/25/2026');
    expect(formatDateText('', en)).toBe('');
    expect(parseDateText('25/12/2026', ptBr)).toBe('2026-12-25');
    expect(parseDateText('25.12.2026', de)).toBe('2026-12-25');
    expect(parseDateText('12/25/2026', en)).toBe('2026-12-25');
    expect(parseDateText(' 1/2/2026 ', ptBr)).toBe('2026-02-01');
    expect(parseDateText('25122026', de)).toBe('2026-12-25');
    expect(parseDateText('2026-12-25', ptBr)).toBe('2026-12-25');
  });

  it('refuses what is not a whole, real date of the years 1900 to 2999', () => {
    for (const text of ['', '25/12', '25/12/26', '25/12/202', '31/02/2026', '29/02/2027', '00/12/2026', '25/13/2026'])
      expect(parseDateText(text, ptBr), text).toBeNull();
    expect(parseDateText('29/02/2028', ptBr)).toBe('2028-02-29');
    expect(parseDateText('31/12/1899', ptBr)).toBeNull();
    expect(parseDateText('01/01/1900', ptBr)).toBe('1900-01-01');
    expect(parseDateText('31/12/2999', ptBr)).toBe('2999-12-31');
    expect(parseDateText('01/01/3000', ptBr)).toBeNull();
    expect(parseDateText('12/25/2026', ptBr)).toBeNull();
  });
});
