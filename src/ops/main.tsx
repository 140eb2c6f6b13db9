// Entry of the back office (ops.html): its language from the path, its own catalog, then the console.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateOpsLocale, opsLocaleOf } from './locale.ts';
import { OpsApp } from './OpsApp.tsx';
import '../styles.css';

const locale = opsLocaleOf(window.location.pathname);
void activateOpsLocale(locale).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <OpsApp locale={locale} />
      </I18nProvider>
    </StrictMode>,
  ),
);
