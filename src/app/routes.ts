// The one route table: every page of docs/product.md §2, written once without the locale prefix and mounted
// both at the root (Russian) and under /en (English). Pages are loaded lazily so the home stays lean.
import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CatalogArea } from '../i18n/catalog.ts';

export type Access = 'public' | 'guest' | 'auth';

/** When a page's app starts in the browser, beside the default 'paint' (see RouteDef.appStart). */
export type AppStart = 'paint' | 'interaction' | 'interaction-prefetched';

export interface RouteDef {
  /** wouter pattern without the /en prefix, e.g. '/news/:slug'. */
  path: string;
  /** Tab title and default breadcrumb title. */
  title: MessageDescriptor;
  access: Access;
  /** The page's module, as the build manifest names it: the server tells the browser to fetch it early. */
  source: string;
  /** News exists in Russian only: the English route redirects to the English home. */
  russianOnly?: boolean;
  /**
   * When the browser starts the app (server/http/appLoader.js). By default it fetches and runs it after the first
   * paint. For a visitor without a session (a signed-in one's header waits for the app) a page may start it later:
   * - 'interaction': a text page. Its server HTML is the whole page until the visitor acts (links are plain links,
   *   the support button and the FAQ's answers are native popover and <details>), so the app is fetched and run on
   *   the first interaction.
   * - 'interaction-prefetched': the home. Its HTML shows the rates and the form as they are, and the form hydrates
   *   only when reached for (InteractionIsland.tsx), so running the app at once would only keep a phone's main
   *   thread busy while the visitor reads. The app is fetched after the paint, so the first tap waits for its
   *   evaluation and not for the network.
   */
  appStart?: AppStart;
  /** The catalogs of texts the page needs beside the shared one (src/i18n/catalog.ts), loaded with its module. */
  catalogs?: CatalogArea[];
  load: () => Promise<{ default: ComponentType }>;
}

export const routes: RouteDef[] = [
  { path: '/', title: msg`Currency exchange`, access: 'public', source: 'src/pages/home/HomePage.tsx', appStart: 'interaction-prefetched', load: () => import('../pages/home/HomePage.tsx') },
  // Claim flow: the result pages come before '/claim/:uuid' so they are not read as uuids.
  { path: '/claim/success', title: msg`Payment received`, access: 'public', source: 'src/pages/claim/ClaimSuccessPage.tsx', catalogs: ['claim'], load: () => import('../pages/claim/ClaimSuccessPage.tsx') },
  { path: '/claim/fail', title: msg`Payment failed`, access: 'public', source: 'src/pages/claim/ClaimFailPage.tsx', catalogs: ['claim'], load: () => import('../pages/claim/ClaimFailPage.tsx') },
  { path: '/claim/:uuid', title: msg`Exchange claim`, access: 'public', source: 'src/pages/claim/ClaimPage.tsx', catalogs: ['claim'], load: () => import('../pages/claim/ClaimPage.tsx') },
  // Information and partner pages (content in src/content/{ru,en}).
  { path: '/rules', title: msg`Exchange rules`, access: 'public', source: 'src/pages/info/RulesPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/RulesPage.tsx') },
  { path: '/aml', title: msg`AML/KYC policy`, access: 'public', source: 'src/pages/info/AmlPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/AmlPage.tsx') },
  { path: '/faq', title: msg`Frequently asked questions`, access: 'public', source: 'src/pages/info/FaqPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/FaqPage.tsx') },
  { path: '/sales', title: msg`Offers and discounts`, access: 'public', source: 'src/pages/info/SalesPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/SalesPage.tsx') },
  { path: '/concurs', title: msg`Review contest`, access: 'public', source: 'src/pages/info/ConcursPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/ConcursPage.tsx') },
  { path: '/contacts', title: msg`Contacts`, access: 'public', source: 'src/pages/info/ContactsPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/ContactsPage.tsx') },
  { path: '/partners', title: msg`Partners`, access: 'public', source: 'src/pages/info/PartnersPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/PartnersPage.tsx') },
  { path: '/partners/users', title: msg`Referral programme`, access: 'public', source: 'src/pages/info/PartnersUsersPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/PartnersUsersPage.tsx') },
  { path: '/partners/monitoring', title: msg`For rate monitors`, access: 'public', source: 'src/pages/info/PartnersMonitoringPage.tsx', appStart: 'interaction', catalogs: ['info'], load: () => import('../pages/info/PartnersMonitoringPage.tsx') },
  { path: '/status', title: msg`Service status`, access: 'public', source: 'src/pages/info/StatusPage.tsx', catalogs: ['info'], load: () => import('../pages/info/StatusPage.tsx') },
  // News exists in Russian only; the archives come before '/news/:slug' so they are not read as slugs.
  { path: '/news', title: msg`News`, access: 'public', russianOnly: true, source: 'src/pages/news/NewsListPage.tsx', appStart: 'interaction', load: () => import('../pages/news/NewsListPage.tsx') },
  { path: '/news/archive/news', title: msg`News archive`, access: 'public', russianOnly: true, source: 'src/pages/news/NewsArchivePage.tsx', appStart: 'interaction', load: () => import('../pages/news/NewsArchivePage.tsx') },
  { path: '/news/archive/updates', title: msg`Updates archive`, access: 'public', russianOnly: true, source: 'src/pages/news/NewsArchivePage.tsx', appStart: 'interaction', load: () => import('../pages/news/NewsArchivePage.tsx') },
  { path: '/news/:slug', title: msg`News`, access: 'public', russianOnly: true, source: 'src/pages/news/NewsItemPage.tsx', appStart: 'interaction', load: () => import('../pages/news/NewsItemPage.tsx') },
  // Sign-in, sign-up and password recovery are for visitors; the mailed activation link works for anyone.
  { path: '/login', title: msg`Sign in to your account`, access: 'guest', source: 'src/pages/auth/LoginPage.tsx', catalogs: ['auth'], load: () => import('../pages/auth/LoginPage.tsx') },
  { path: '/register', title: msg`Registration`, access: 'guest', source: 'src/pages/auth/RegisterPage.tsx', catalogs: ['auth'], load: () => import('../pages/auth/RegisterPage.tsx') },
  { path: '/forget', title: msg`Password recovery`, access: 'guest', source: 'src/pages/auth/ForgetPage.tsx', catalogs: ['auth'], load: () => import('../pages/auth/ForgetPage.tsx') },
  { path: '/recover', title: msg`New password`, access: 'guest', source: 'src/pages/auth/RecoverPage.tsx', catalogs: ['auth'], load: () => import('../pages/auth/RecoverPage.tsx') },
  { path: '/activate/:token', title: msg`Account activation`, access: 'public', source: 'src/pages/auth/ActivatePage.tsx', catalogs: ['auth'], load: () => import('../pages/auth/ActivatePage.tsx') },
  // Account area (signed in); the other sections add their rows after these.
  { path: '/account', title: msg`Account`, access: 'auth', source: 'src/pages/account/AccountPage.tsx', catalogs: ['account'], load: () => import('../pages/account/AccountPage.tsx') },
  { path: '/account/orders', title: msg`Orders`, access: 'auth', source: 'src/pages/account/OrdersPage.tsx', catalogs: ['account'], load: () => import('../pages/account/OrdersPage.tsx') },
  { path: '/account/referrer', title: msg`Referral program`, access: 'auth', source: 'src/pages/account/ReferrerPage.tsx', catalogs: ['account'], load: () => import('../pages/account/ReferrerPage.tsx') },
  { path: '/account/adv', title: msg`Advertising materials`, access: 'auth', source: 'src/pages/account/AdvPage.tsx', catalogs: ['account'], load: () => import('../pages/account/AdvPage.tsx') },
  { path: '/account/cards', title: msg`Cards`, access: 'auth', source: 'src/pages/account/CardsPage.tsx', catalogs: ['account'], load: () => import('../pages/account/CardsPage.tsx') },
  { path: '/account/settings', title: msg`Settings`, access: 'auth', source: 'src/pages/account/SettingsPage.tsx', catalogs: ['account'], load: () => import('../pages/account/SettingsPage.tsx') },
  { path: '/account/promocodes', title: msg`Promo codes`, access: 'auth', source: 'src/pages/account/PromocodesPage.tsx', catalogs: ['account'], load: () => import('../pages/account/PromocodesPage.tsx') },
  // Card verification: public address, but the calls need the owner's token (the page asks to log in).
  { path: '/verification/:uuid', title: msg`Card verification`, access: 'public', source: 'src/pages/verification/VerificationPage.tsx', catalogs: ['verification', 'account'], load: () => import('../pages/verification/VerificationPage.tsx') },
];
