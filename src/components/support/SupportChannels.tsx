// The ways to reach support as a row of links: live chat (when configured), e-mail (from the settings), Telegram.
import { Trans } from '@lingui/react/macro';
import { useSupport } from '../../flows/support.ts';
import { ChatIcon, MailIcon, TelegramIcon } from './icons.tsx';

const tones = {
  light: 'border-slate-300 bg-white text-navy-900 hover:border-brand-600 hover:text-brand-700',
  dark: 'border-white/30 bg-white/5 text-white hover:border-brand-400 hover:bg-white/10',
};

export function SupportChannels({ className = '', tone = 'light' }: { className?: string; tone?: keyof typeof tones }) {
  const { email, telegram, chat, openChat } = useSupport();
  const item = `inline-flex min-h-11 items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold transition-colors ${tones[tone]}`;
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {chat && (
        <li>
          <button type="button" className={item} onClick={() => openChat()}>
            <ChatIcon />
            <Trans>Live chat</Trans>
          </button>
        </li>
      )}
      {email && (
        <li>
          <a className={item} href={`mailto:${email}`}>
            <MailIcon />
            {email}
          </a>
        </li>
      )}
      <li>
        <a className={item} href={telegram} target="_blank" rel="noopener noreferrer">
          <TelegramIcon />
          Telegram
        </a>
      </li>
    </ul>
  );
}
