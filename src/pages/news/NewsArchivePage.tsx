// /news/archive/news and /news/archive/updates (Russian only): older items of one kind, paged, by month.
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Page } from '../../components/layout/Page.tsx';
import { PagedNews } from './PagedNews.tsx';

export default function NewsArchivePage() {
  const { t } = useLingui();
  const [pathname] = useLocation();
  const updates = pathname.endsWith('/updates');
  return (
    <Page title={updates ? t`Updates archive` : t`News archive`} breadcrumb={[{ path: '/news', label: t`News` }]} narrow>
      <PagedNews key={pathname} source={updates ? 'archive-update' : 'archive-news'} size={20} layout="months" />
    </Page>
  );
}
