// Operator alert settings from the environment. Alerts run only when a channel is set: Telegram (bot token and
// chat id) or ALERT_EMAILS (addresses, or `operators` for every operator not disabled).
import type { Locale } from '../../src/domain/locale.ts';
import { ALERT_KINDS, type AlertKind } from './kinds.ts';

export interface QuietHours {
  /** Moscow hours (UTC+3, no daylight saving): quiet from `from`:00 to `to`:00. */
  from: number;
  to: number;
}

export interface AlertSettings {
  telegram: { apiUrl: string; token: string; chatId: string } | null;
  /** null: no e-mail; 'operators': every operator not disabled; else these addresses. */
  emails: 'operators' | string[] | null;
  kinds: ReadonlySet<AlertKind>;
  quietHours: QuietHours | null;
  locale: Locale;
  waitingMinutes: number;
  reserveMinPercent: number;
  poolMinFree: number;
}

type Env = Record<string, string | undefined>;

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function count(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be an integer ≥ 0, got "${raw}"`);
  return value;
}

function quietHoursOf(raw: string | undefined): QuietHours | null {
  if (!raw?.trim()) return null;
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(raw.trim());
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(from >= 0 && from < 24 && to >= 0 && to < 24 && from !== to)) {
    throw new Error(`ALERT_QUIET_HOURS must be two different Moscow hours like 23-8, got "${raw}"`);
  }
  return { from, to };
}

export function alertSettingsFrom(env: Env): AlertSettings {
  const token = env.TELEGRAM_BOT_TOKEN?.trim();
  const chatId = env.TELEGRAM_CHAT_ID?.trim();
  const emails = list(env.ALERT_EMAILS);
  const kinds = env.ALERT_KINDS?.trim() ? list(env.ALERT_KINDS) : [...ALERT_KINDS];
  const unknown = kinds.filter((kind) => !(ALERT_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new Error(`ALERT_KINDS: unknown ${unknown.join(', ')} (known: ${ALERT_KINDS.join(', ')})`);
  const locale = env.ALERT_LOCALE?.trim() || 'ru';
  if (locale !== 'ru' && locale !== 'en') throw new Error(`ALERT_LOCALE must be ru or en, got "${locale}"`);
  return {
    telegram:
      token && chatId
        ? { apiUrl: (env.TELEGRAM_API_URL?.trim() || 'https://api.telegram.org').replace(/\/+$/, ''), token, chatId }
        : null,
    emails: emails.length === 0 ? null : emails.length === 1 && emails[0] === 'operators' ? 'operators' : emails,
    kinds: new Set(kinds as AlertKind[]),
    quietHours: quietHoursOf(env.ALERT_QUIET_HOURS),
    locale,
    waitingMinutes: count(env, 'ALERT_WAITING_MINUTES', 30),
    reserveMinPercent: count(env, 'ALERT_RESERVE_MIN_PERCENT', 10),
    poolMinFree: count(env, 'ALERT_POOL_MIN_FREE', 20),
  };
}

export function alertsConfigured(settings: AlertSettings): boolean {
  return settings.telegram !== null || settings.emails !== null;
}

/** Whether `at` falls in the quiet hours (Moscow time is UTC+3 all year). */
export function inQuietHours(quiet: QuietHours | null, at: Date): boolean {
  if (!quiet) return false;
  const hour = (at.getUTCHours() + 3) % 24;
  return quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
}
