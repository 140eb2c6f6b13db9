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
import { messages as enInfo } from '../../locales/en/info.po';
import { messages as ruInfo } from '../../locales/ru/info.po';
import { messages as enAuth } from '../../locales/en/auth.po';
import { messages as ruAuth } from '../../locales/ru/auth.po';
import { messages as enVerification } from '../../locales/en/verification.po';
import { messages as ruVerification } from '../../locales/ru/verification.po';
import { messages as enAccount } from '../../locales/en/account.po';
import { messages as ruAccount } from '../../locales/ru/account.po';

// Lazily loaded parts (the modal dialog, pages) can take a while to transform on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Some pages' texts have catalogs of their own (lingui.config.ts); the app loads them with those pages.
i18n.load({
  en: { ...en, ...enClaim, ...enInfo, ...enAuth, ...enVerification, ...enAccount },
  ru: { ...ru, ...ruClaim, ...ruInfo, ...ruAuth, ...ruVerification, ...ruAccount },
});
i18n.activate('en');

afterEach(() => {
  cleanup();
  i18n.activate('en');
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-scroll-locked');
});
