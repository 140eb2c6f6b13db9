// Renders a component the way the app does: Lingui with the real catalogs in the given language, inside a
// wouter router on an in-memory address (so links and useLocation work). Shared by every component test.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Locale } from '../../src/i18n/locales.ts';

export interface RenderOptions {
  locale?: Locale;
  /** The address the app is at; defaults to the home of the language. */
  path?: string;
}

export function renderWithI18n(
  ui: ReactElement,
  { locale = 'en', path }: RenderOptions = {},
): RenderResult & { location: ReturnType<typeof memoryLocation> } {
  i18n.activate(locale);
  const location = memoryLocation({ path: path ?? (locale === 'en' ? '/en' : '/'), record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </Router>,
  );
  return Object.assign(result, { location });
}
