// The frame of a content page: breadcrumb, the page heading and a responsive container.
import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './Breadcrumb.tsx';

export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 ${className}`}>{children}</div>;
}

export function Page({
  title,
  breadcrumb = [],
  children,
  narrow = false,
}: {
  title: string;
  breadcrumb?: BreadcrumbItem[];
  children: ReactNode;
  /** Reading width for long texts. */
  narrow?: boolean;
}) {
  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb items={breadcrumb} title={title} />
      <div className={narrow ? 'max-w-3xl' : ''}>
        <h1 className="mt-4 mb-6 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </PageContainer>
  );
}
