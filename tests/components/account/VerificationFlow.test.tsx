import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Verification } from '../../../src/api/schemas/verification.ts';
import { VerificationFlow } from '../../../src/pages/verification/VerificationFlow.tsx';
import { renderWithI18n } from '../render.tsx';

// The network edge only: the page, the verification machine and the actor binding are the real ones.
const api = vi.hoisted(() => ({
  getVerification: vi.fn(),
  confirmVerification: vi.fn(),
  getVerificationStatus: vi.fn(),
  deleteVerification: vi.fn(),
  uploads: [] as Array<{ file: Blob; progress: (loaded: number, total: number) => void; finish: (images: number) => void }>,
}));
vi.mock('../../../src/api/verification.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getVerification: api.getVerification,
  confirmVerification: api.confirmVerification,
  getVerificationStatus: api.getVerificationStatus,
  deleteVerification: api.deleteVerification,
  uploadVerificationImage: (_id: number, file: Blob, progress: (loaded: number, total: number) => void) => {
    let finish: (images: number) => void = () => {};
    const done = new Promise<{ images: number }>((resolve) => {
      finish = (images) => resolve({ images });
    });
    api.uploads.push({ file, progress, finish });
    return { done, abort: () => {} };
  },
}));

const UUID = '6a0d4a4e-0000-4000-8000-000000000001';

function verification(overrides: Partial<Verification> = {}): Verification {
  return { id: 9, uuid: UUID, card: '5555 55** **** 4444', status: 'draft', reason: null, images: 0, createdAt: '2026-11-21T10:00:00Z', ...overrides };
}

beforeEach(() => {
  vi.clearAllMocks();
  api.uploads.length = 0;
});

describe('VerificationFlow', () => {
  it('uploads a photo with a progress bar, then sends it for review', async () => {
    api.getVerification.mockResolvedValue(verification());
    api.confirmVerification.mockResolvedValue(undefined);
    renderWithI18n(<VerificationFlow uuid={UUID} />);
    expect(await screen.findByText('5555 55** **** 4444')).toBeInTheDocument();
    expect(api.getVerification).toHaveBeenCalledWith(UUID);

    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose a photo'), photo);
    expect(api.uploads).toHaveLength(1);
    api.uploads[0]!.progress(2, 4);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the photo…' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    api.uploads[0]!.finish(1);

    expect(await screen.findByText('Photos uploaded: 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('heading', { name: 'The photo is being reviewed' })).toBeInTheDocument();
    expect(api.confirmVerification).toHaveBeenCalledWith(9);
  });

  it('refuses a file that is not an image without uploading it', async () => {
    api.getVerification.mockResolvedValue(verification());
    renderWithI18n(<VerificationFlow uuid={UUID} />, { locale: 'ru' });
    const input = await screen.findByLabelText('Выбрать фотографию');
    await userEvent.upload(input, new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Этот файл не является изображением JPEG, PNG или WebP.');
    expect(api.uploads).toHaveLength(0);
  });

  it('shows the rejection reason and lets the user try again', async () => {
    api.getVerification.mockResolvedValue(verification({ status: 'rejected', reason: 'The digits are not covered.', images: 1 }));
    renderWithI18n(<VerificationFlow uuid={UUID} />);
    expect(await screen.findByRole('heading', { name: 'The verification was rejected' })).toBeInTheDocument();
    expect(screen.getByText('The digits are not covered.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(screen.queryByText(/Photos uploaded/)).not.toBeInTheDocument();
  });

  it('names a missing verification when the 404 carries no message', async () => {
    const notFound = Object.assign(new Error('Not Found'), { name: 'HTTPError', response: new Response(null, { status: 404 }) });
    api.getVerification.mockRejectedValue(notFound);
    renderWithI18n(<VerificationFlow uuid={UUID} />, { locale: 'ru' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Верификация не найдена.');
  });

  it('says the connection failed, and loads again on retry', async () => {
    api.getVerification.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(verification());
    renderWithI18n(<VerificationFlow uuid={UUID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to the server. Check your internet connection and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Choose a photo')).toBeInTheDocument();
    expect(api.getVerification).toHaveBeenCalledTimes(2);
  });

  it('deletes only after the user confirms, and can keep it', async () => {
    api.getVerification.mockResolvedValue(verification());
    api.deleteVerification.mockResolvedValue(undefined);
    renderWithI18n(<VerificationFlow uuid={UUID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete this verification' }));
    expect(screen.getByRole('group', { name: 'Delete this verification?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(api.deleteVerification).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete this verification' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The verification has been deleted.')).toBeInTheDocument();
    expect(api.deleteVerification).toHaveBeenCalledWith(9);
  });
});
