// Component tests: jest-dom matchers, a clean DOM after each test, and Lingui loaded with the real catalogs
// (English active by default; renderWithI18n from ./render.tsx picks the language per test).
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as ru } from '../../locales/ru/messages.po';

i18n.load({ en, ru });
i18n.activate('en');

afterEach(() => {
  cleanup();
  i18n.activate('en');
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-scroll-locked');
});
