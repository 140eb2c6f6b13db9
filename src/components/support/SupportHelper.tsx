// The support button of every page: floating in the corner from tablets up; on phones docked into the header bar's
// reserved slot beside the burger, so at rest it covers nothing of the page. With a live chat configured it opens
// the chat; otherwise it opens a small panel offering e-mail and Telegram.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSupport } from '../../flows/support.ts';
import { ChatIcon, MailIcon, TelegramIcon } from './icons.tsx';

// In the corner it is hidden while a text field has focus (styles.css), so it never sits on what is being typed.
const fab =
  'support-fab flex size-10 sm:size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-navy-900/20 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Phones: the header's slot (bar 56 px high; right of it the 16 px padding, the 44 px burger and an 8 px gap). */
const slot = 'support-corner fixed top-2 right-[68px] z-40 sm:top-auto sm:right-6 sm:bottom-6';

export function SupportHelper() {
  const { t } = useLingui();
  const { email, telegram, chat, openChat } = useSupport();
  const label = t`Contact support`;

  if (chat) {
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
    <Popover className={slot}>
      <PopoverButton className={fab} aria-label={label} title={label}>
        <ChatIcon className="size-6 sm:size-7" />
      </PopoverButton>
      {/* Placed by CSS below the docked button (phones) or above the corner one, not anchored: an anchored panel is
          portalled and brings focus sentinels that sit inside aria-hidden. */}
      <PopoverPanel
        className="absolute top-full right-0 z-50 mt-2 w-72 sm:top-auto sm:bottom-full sm:mt-0 sm:mb-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl"
        data-testid="support-panel"
      >
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
      </PopoverPanel>
    </Popover>
  );
}
