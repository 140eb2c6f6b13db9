import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { StatusBadge, verificationBadge } from '../../../src/components/account/StatusBadge.tsx';
import { renderWithI18n } from '../render.tsx';

describe('verification status chip', () => {
  it('says the photo is uploaded once a draft holds one, and that a photo is needed before', () => {
    renderWithI18n(
      <>
        <StatusBadge status={verificationBadge('draft', 0)} />
        <StatusBadge status={verificationBadge('draft', 1)} />
        <StatusBadge status={verificationBadge('pending', 1)} />
      </>,
    );
    expect(screen.getByText('Photo needed')).toBeInTheDocument();
    expect(screen.getByText('Photo uploaded, not sent')).toBeInTheDocument();
    expect(screen.getByText('Under review')).toBeInTheDocument();
  });
});
