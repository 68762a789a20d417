import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { HighlightedText } from './highlighted-text';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('HighlightedText', () => {
  it('marks the ranges and escapes markup', () => {
    const text = '<img src=x onerror=alert(1)> acme leaked';
    const { container } = renderWithProviders(<HighlightedText text={text} ranges={[{ start: 29, end: 33 }]} />, {
      i18n,
    });
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['acme']);
    expect(container.textContent).toBe(text);
  });

  it('skips ranges out of order or out of bounds', () => {
    const { container } = renderWithProviders(
      <HighlightedText
        text="abcdef"
        ranges={[
          { start: 2, end: 4 },
          { start: 1, end: 3 },
          { start: 5, end: 99 },
        ]}
      />,
      { i18n },
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cd']);
    expect(container.textContent).toBe('abcdef');
  });
});
