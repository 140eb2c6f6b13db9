// The one route table: every page of SPEC §2, written once without the locale prefix and mounted
// both at the root (Russian) and under /en (English). Pages are loaded lazily so the home stays lean.
import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type Access = 'public' | 'guest' | 'auth';

export interface RouteDef {
  /** wouter pattern without the /en prefix, e.g. '/news/:slug'. */
  path: string;
  /** Tab title and default breadcrumb title. */
  title: MessageDescriptor;
  access: Access;
  /** News exists in Russian only: the English route redirects to the English home. */
  russianOnly?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const routes: RouteDef[] = [
  { path: '/', title: msg`Currency exchange`, access: 'public', load: () => import('../pages/home/HomePage.tsx') },
];
