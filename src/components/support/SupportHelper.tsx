// The support button of every page, rendered in the header bar: floating in the corner from tablets up; on phones
// in the bar beside the burger, so at rest it covers nothing of the page. The server renders it as a native
// popover (a button with popovertarget and a [popover] panel offering e-mail and Telegram), which opens, closes on
// Escape or an outside click and returns focus without any script, so it works before the app has loaded. Once the
// app has hydrated and a live chat is configured, the button opens the chat instead.
import { Trans, useLingui } from '@lingui/react/macro';
import { useHydrated } from '../hydration.tsx';
import { useSupport } from '../../flows/support.ts';
import { ChatIcon, MailIcon, TelegramIcon } from './icons.tsx';

// In the corner it is hidden while a text field has focus (styles.css), so it never sits on what is being typed.
const fab =
  'support-fab flex size-10 sm:size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-navy-900/20 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * It lives in the header bar, after the language switch and the account buttons, so the keyboard reaches it there:
 * on phones it stays in the bar, beside the burger; from tablets up it floats in the page's bottom corner.
 */
const slot = 'support-corner shrink-0 sm:fixed sm:right-6 sm:bottom-6 sm:z-40';

/**
 * The panel lies in the top layer, placed against the viewport: below the docked button on phones (the bar is
 * 56 px), above the corner one from tablets up (24 px margin + 56 px button + 12 px gap).
 */
const panel =
  'fixed inset-auto top-16 right-2 m-0 w-72 max-w-[calc(100vw-1rem)] sm:top-auto sm:right-6 sm:bottom-[92px] rounded-2xl border border-slate-200 bg-white p-3 shadow-xl';

const PANEL_ID = 'support-panel';

export function SupportHelper() {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const { email, telegram, chat, openChat } = useSupport();
  const label = t`Contact support`;

  // The chat needs its widget script, which only the hydrated app loads.
  if (chat && hydrated) {
    return (
      <div className={slot}>
        <button type="button" className={fab} aria-label={label} title={label} onClick={() => openChat()}>
          <ChatIcon className="size-6 sm:size-7" />
        </button>
      </div>
    );
  }

  const link = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-navy-900 hover:bg-slate-100';
  return (
    <div className={slot}>
      <button type="button" className={fab} aria-label={label} title={label} popoverTarget={PANEL_ID}>
        <ChatIcon className="size-6 sm:size-7" />
      </button>
      <div id={PANEL_ID} popover="auto" className={panel} data-testid="support-panel">
        <p className="px-3 pt-1 pb-2 text-sm font-semibold text-navy-900">
          <Trans>Write to us — we answer around the clock</Trans>
        </p>
        {email && (
          <a className={link} href={`mailto:${email}`}>
            <MailIcon className="size-5 text-brand-700" />
            <span className="truncate">{email}</span>
          </a>
        )}
        <a className={link} href={telegram} target="_blank" rel="noopener noreferrer">
          <TelegramIcon className="size-5 text-brand-700" />
          Telegram
        </a>
      </div>
    </div>
  );
}
