// Component tests: jest-dom matchers, a clean DOM after each test, and Lingui loaded with the real catalogs
// (English active by default; renderWithI18n from ./render.tsx picks the language per test).
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as ru } from '../../locales/ru/messages.po';
import { messages as enClaim } from '../../locales/en/claim.po';
import { messages as ruClaim } from '../../locales/ru/claim.po';

// Lazily loaded parts (the modal dialog, pages) can take a while to transform on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The claim pages' texts have their own catalog (lingui.config.ts); the app loads it with those pages.
i18n.load({ en: { ...en, ...enClaim }, ru: { ...ru, ...ruClaim } });
i18n.activate('en');

afterEach(() => {
  cleanup();
  i18n.activate('en');
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-scroll-locked');
});
