// The frame of the sign-in, sign-up and recovery pages: breadcrumb, heading and a narrow card.
import type { ReactNode } from 'react';
import { PageContainer } from '../../components/layout/Page.tsx';
import { Breadcrumb } from '../../components/layout/Breadcrumb.tsx';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb title={title} />
      <div className="mx-auto mt-6 w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:mt-10 sm:p-8">
        <h1 className="mb-5 text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {children}
      </div>
    </PageContainer>
  );
}
