// The sections of the account side menu, in order. English hides the Russian-only ones (docs/product.md §2 list).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface AccountSection {
  path: string;
  label: MessageDescriptor;
}

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { path: '/account', label: msg`Account` },
  { path: '/account/orders', label: msg`Orders` },
  { path: '/account/referrer', label: msg`Referrer` },
  { path: '/account/adv', label: msg`Adv` },
  { path: '/account/cards', label: msg`Cards` },
  { path: '/account/settings', label: msg`Settings` },
  { path: '/account/promocodes', label: msg`Promo codes` },
];
