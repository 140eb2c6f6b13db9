// Route access (docs/product.md §6): 'guest' pages (login, register, password recovery) are for visitors, 'auth' pages
// (the account) for signed-in users. While the session is still being restored nothing is decided.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Access } from './routes.ts';
import { useSession } from '../flows/session.tsx';
import { useLocalizedPath } from '../i18n/useLocalizedPath.ts';
import { PageSkeleton } from '../components/layout/PageSkeleton.tsx';

/** Where a signed-in user lands instead of a guest page, and a visitor instead of an account page. */
export const SIGNED_IN_HOME = '/account/orders';
export const SIGN_IN_PAGE = '/login';

export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { status } = useSession();
  const localize = useLocalizedPath();
  if (access === 'public') return children;
  if (status === 'loading') return <PageSkeleton />;
  if (access === 'guest' && status === 'signedIn') return <Redirect to={localize(SIGNED_IN_HOME)} replace />;
  if (access === 'auth' && status !== 'signedIn') return <Redirect to={localize(SIGN_IN_PAGE)} replace />;
  return children;
}
