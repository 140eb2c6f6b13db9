// The header menu (desktop and burger), in docs/product.md §2 order.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface MenuItem {
  path: string;
  label: MessageDescriptor;
}

export const MENU: readonly MenuItem[] = [
  { path: '/rules', label: msg`Rules` },
  { path: '/partners', label: msg`Partners` },
  { path: '/aml', label: msg`AML/KYC` },
  { path: '/news', label: msg`News` },
  { path: '/faq', label: msg`FAQ` },
  { path: '/contacts', label: msg`Contacts` },
];
