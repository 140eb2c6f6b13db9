// The sign-in form (src/wiring/login.ts), or a test's fakes: its captcha follows the public settings of the page,
// and a successful sign-in is handed to the session of the nearest SessionProvider (the app's own by default).
import type { LoginEvent, LoginInput } from '../../machines/login.ts';
import { useLocale } from '../i18n/useLocale.ts';
import type { Locale } from '../i18n/locales.ts';
import { flowContext } from './flowContext.tsx';
import { useSessionActor, type SessionActor } from './session.tsx';
import { settingsWatcher } from './settings.ts';
import { wiredLoginMachine } from '../wiring/login.ts';

interface LoginPage {
  locale: Locale;
  session: SessionActor;
}

const loginFlow = flowContext(wiredLoginMachine, (page: () => LoginPage) => ({
  actors: {
    watchCaptchaSetting: settingsWatcher<LoginEvent>(
      () => page().locale,
      (settings) => ({ type: 'captcha.configured', required: settings.captchaLogin }),
    ),
  },
  actions: { notifySession: (_, { access }) => page().session.send({ type: 'login.succeeded', access }) },
}));

export const LoginProvider = loginFlow.Provider;

export function useLoginForm(input: LoginInput) {
  return loginFlow.useFlowActor(input, { locale: useLocale(), session: useSessionActor() });
}
