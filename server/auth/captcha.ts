// Captcha check for claim creation and login: off (always passes) unless CAPTCHA_SECRET is set.
import type { Config } from '../config.ts';
import { log } from '../log.ts';

export function captchaEnabled(config: Config): boolean {
  return config.captchaSecret !== null;
}

/** Asks the captcha provider whether `token` was solved; a provider outage counts as not solved. */
export async function verifyCaptcha(config: Config, token: string | undefined | null, ip: string): Promise<boolean> {
  if (!config.captchaSecret) return true;
  if (!token) return false;
  try {
    const body = new URLSearchParams({ secret: config.captchaSecret, token, ip });
    const response = await fetch(config.captchaVerifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const answer = (await response.json()) as { status?: string; success?: boolean };
    return answer.status === 'ok' || answer.success === true;
  } catch (error) {
    log.warn('captcha provider unreachable', error);
    return false;
  }
}
