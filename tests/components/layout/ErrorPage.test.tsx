import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorPage } from '../../../src/pages/error/ErrorPage.tsx';
import { ErrorBoundary } from '../../../src/app/ErrorBoundary.tsx';
import { FALLBACK_SUPPORT_EMAIL } from '../../../src/content/brand.ts';
import { renderWithI18n } from '../render.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorPage', () => {
  it('404: code as title, page not found, tab title, support and a link home', async () => {
    renderWithI18n(<ErrorPage code={404} />, { locale: 'en', path: '/en/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FALLBACK_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${FALLBACK_SUPPORT_EMAIL}`,
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('404 page not found');
  });

  it('404 in Russian', async () => {
    renderWithI18n(<ErrorPage code={404} />, { locale: 'ru', path: '/nowhere' });
    expect(screen.getByText('Страница не найдена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('404 страница не найдена');
  });

  it('other codes say something went wrong', () => {
    renderWithI18n(<ErrorPage code={500} />, { locale: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('the error boundary renders it for an unhandled error', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      renderWithI18n(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
        { locale: 'en' },
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});
