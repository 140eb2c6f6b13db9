// Browser entry: send a first-time English-preferring visitor to /en before anything renders, then mount the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { readLangCookie } from './i18n/cookie.ts';
import { firstVisitRedirect } from './i18n/firstVisit.ts';
import './styles.css';

const redirect = firstVisitRedirect(
  window.location,
  readLangCookie() !== null,
  navigator.languages ?? [navigator.language],
);
if (redirect) window.history.replaceState(null, '', redirect);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
