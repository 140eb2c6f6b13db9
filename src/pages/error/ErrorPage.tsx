// The error page (docs/product.md §2): the status code as title; 404 says the page is not found, anything else that
// something went wrong; then a way to reach support and a link home.
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { useDocumentTitle } from '../../components/head.ts';
import { useSettings } from '../../flows/settings.ts';
import { FALLBACK_SUPPORT_EMAIL, SOCIAL_LINKS } from '../../content/brand.ts';
import { Button } from '../../components/ui/Button.tsx';

export function ErrorPage({ code }: { code: number }) {
  const { t } = useLingui();
  const notFound = code === 404;
  const email = useSettings()?.supportEmail || FALLBACK_SUPPORT_EMAIL;
  useDocumentTitle(notFound ? t`404 page not found` : t`Something went wrong`, notFound);

  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      aria-labelledby="error-title"
    >
      <h1 id="error-title" className="text-7xl font-extrabold tracking-tight text-navy-900 sm:text-8xl">
        {code}
      </h1>
      <p className="mt-4 text-xl font-semibold text-slate-800">
        {notFound ? <Trans>Page not found</Trans> : <Trans>Something went wrong</Trans>}
      </p>
      <p className="mt-3 text-slate-600">
        {notFound ? (
          <Trans>The address may be mistyped, or the page has moved.</Trans>
        ) : (
          <Trans>Please try again in a few minutes.</Trans>
        )}{' '}
        <Trans>If the problem persists, contact our support:</Trans>
      </p>
      <p className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <a className="font-semibold text-brand-700 underline underline-offset-2" href={`mailto:${email}`}>
          {email}
        </a>
        <a
          className="font-semibold text-brand-700 underline underline-offset-2"
          href={SOCIAL_LINKS.telegram}
          target="_blank"
          rel="noopener noreferrer"
        >
          Telegram
        </a>
      </p>
      <Button href="/" className="mt-8" size="medium">
        <Trans>Go to the home page</Trans>
      </Button>
    </section>
  );
}
