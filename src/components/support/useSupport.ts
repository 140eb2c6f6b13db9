// How support can be reached right now: the e-mail from the settings (null until they load), Telegram, and
// whether the live chat is configured for the current language (and so can be opened).
import { useSettings } from '../../app/flows/settings.ts';
import { SOCIAL_LINKS } from '../../content/brand.ts';
import { isAutomated } from '../../app/thirdParty/automation.ts';

export interface SupportContacts {
  email: string | null;
  telegram: string;
  chat: boolean;
}

export function useSupport(): SupportContacts {
  const settings = useSettings();
  return {
    email: settings?.supportEmail || null,
    telegram: SOCIAL_LINKS.telegram,
    chat: Boolean(settings?.chat?.widgetId) && !isAutomated(),
  };
}
