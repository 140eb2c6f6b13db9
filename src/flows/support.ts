// How support can be reached right now: the e-mail from the settings (null until they load), Telegram, and
// whether the live chat is configured for the current language, and opening it.
import { SOCIAL_LINKS } from '../content/brand.ts';
import { isAutomated } from '../thirdParty/automation.ts';
import { loadChatWidget, openChat } from '../thirdParty/chatWidget.ts';
import { useSettings } from './settings.ts';

export interface SupportContacts {
  email: string | null;
  telegram: string;
  chat: boolean;
  /** Opens the live chat (as soon as its widget is ready), loading it first where the page held it back. */
  openChat: () => void;
}

export function useSupport(): SupportContacts {
  const settings = useSettings();
  const widgetId = settings?.chat?.widgetId ?? null;
  return {
    email: settings?.supportEmail || null,
    telegram: SOCIAL_LINKS.telegram,
    chat: Boolean(widgetId) && !isAutomated(),
    openChat: () => {
      loadChatWidget(widgetId);
      openChat();
    },
  };
}
