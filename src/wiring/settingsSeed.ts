// The settings a server-rendered page came with, per language: what views show before the settings actor (loaded
// after the first paint) takes over, and what that actor starts from. Kept apart so the entry carries no machine.
import type { SettingsResponse } from '../api/schemas/calculator.ts';
import type { Locale } from '../i18n/locales.ts';

const seeds = new Map<Locale, SettingsResponse>();

export function seedSettings(locale: Locale, settings: SettingsResponse): void {
  seeds.set(locale, settings);
}

export function seededSettings(locale: Locale): SettingsResponse | null {
  return seeds.get(locale) ?? null;
}

export function forgetSeededSettings(): void {
  seeds.clear();
}
