// The sign-up form (src/wiring/signup.ts), or a test's fakes; its captcha follows the public settings of the page.
import type { SignupEvent, SignupInput } from '../../machines/signup.ts';
import { useLocale } from '../i18n/useLocale.ts';
import type { Locale } from '../i18n/locales.ts';
import { flowContext } from './flowContext.tsx';
import { settingsWatcher } from './settings.ts';
import { wiredSignupMachine } from '../wiring/signup.ts';

const signupFlow = flowContext(wiredSignupMachine, (page: () => { locale: Locale }) => ({
  actors: {
    watchCaptchaSetting: settingsWatcher<SignupEvent>(
      () => page().locale,
      (settings) => ({ type: 'captcha.configured', required: settings.captchaLogin }),
    ),
  },
}));

export const SignupProvider = signupFlow.Provider;

export function useSignupForm(input: SignupInput) {
  return signupFlow.useFlowActor(input, { locale: useLocale() });
}
