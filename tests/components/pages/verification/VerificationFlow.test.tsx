// The verification page through its flow's seam: the real verificationUpload machine with fake calls and a fake
// upload provided through VerificationUploadProvider (no module mocking); checked by what the user sees and what
// each call was given. A refusal reaches the machine as the server's error body, as the app's wiring hands it on.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise } from 'xstate';
import {
  verificationUploadMachine,
  type UploadInput,
  type UploadReport,
  type VerificationUploadEvent,
} from '../../../../machines/verificationUpload.ts';
import type { Verification } from '../../../../src/api/schemas/verification.ts';
import { VerificationUploadProvider } from '../../../../src/flows/verification.tsx';
import { VerificationFlow } from '../../../../src/pages/verification/VerificationFlow.tsx';
import { renderWithI18n } from '../../render.tsx';

const api = {
  getVerification: vi.fn<(uuid: string) => Promise<Verification>>(),
  confirmVerification: vi.fn<(verificationId: number) => Promise<unknown>>(),
  deleteVerification: vi.fn<(verificationId: number) => Promise<unknown>>(),
};

/** An upload under way: what it was given, and how the test reports its progress and end to the machine. */
interface FakeUpload extends UploadInput {
  report: (event: UploadReport) => void;
  aborted: boolean;
}
const uploads: FakeUpload[] = [];

const fakeVerificationUpload = verificationUploadMachine.provide({
  actors: {
    loadVerification: fromPromise<Verification, { uuid: string }>(({ input }) => api.getVerification(input.uuid)),
    uploadImage: fromCallback<VerificationUploadEvent, UploadInput>(({ input, sendBack }) => {
      const upload: FakeUpload = { ...input, report: sendBack, aborted: false };
      uploads.push(upload);
      return () => {
        upload.aborted = true;
      };
    }),
    confirmVerification: fromPromise<unknown, { verificationId: number }>(({ input }) => api.confirmVerification(input.verificationId)),
    deleteVerification: fromPromise<unknown, { verificationId: number }>(({ input }) => api.deleteVerification(input.verificationId)),
  },
});

const UUID = '6a0d4a4e-0000-4000-8000-000000000001';

function verification(overrides: Partial<Verification> = {}): Verification {
  return { id: 9, uuid: UUID, card: '5555 55** **** 4444', status: 'draft', reason: null, images: 0, createdAt: '2026-11-21T10:00:00Z', ...overrides };
}

function renderFlow(locale: 'ru' | 'en' = 'en') {
  return renderWithI18n(
    <VerificationUploadProvider logic={fakeVerificationUpload}>
      <VerificationFlow uuid={UUID} />
    </VerificationUploadProvider>,
    { locale },
  );
}

beforeEach(() => {
  api.getVerification.mockReset();
  api.confirmVerification.mockReset();
  api.deleteVerification.mockReset();
  uploads.length = 0;
});

describe('VerificationFlow', () => {
  it('uploads a photo with a progress bar, then sends it for review', async () => {
    api.getVerification.mockResolvedValue(verification());
    api.confirmVerification.mockResolvedValue(undefined);
    renderFlow();
    expect(await screen.findByText('5555 55** **** 4444')).toBeInTheDocument();
    expect(api.getVerification).toHaveBeenCalledWith(UUID);

    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose a photo'), photo);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.verificationId).toBe(9);
    expect(uploads[0]!.file).toBe(photo);
    uploads[0]!.report({ type: 'upload.progress', loaded: 2, total: 4 });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the photo…' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    uploads[0]!.report({ type: 'upload.done', images: 1 });

    expect(await screen.findByText('Photos uploaded: 1')).toBeInTheDocument();
    expect(api.confirmVerification).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('heading', { name: 'The photo is being reviewed' })).toBeInTheDocument();
    expect(api.confirmVerification).toHaveBeenCalledTimes(1);
    expect(api.confirmVerification).toHaveBeenCalledWith(9);
  });

  it('stops the upload when the user cancels it, and takes another photo', async () => {
    api.getVerification.mockResolvedValue(verification());
    renderFlow();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Choose a photo'), photo);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.aborted).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(uploads[0]!.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Photos uploaded/)).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose a photo'), photo);
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.file).toBe(photo);
  });

  it('refuses a file that is not an image without uploading it', async () => {
    api.getVerification.mockResolvedValue(verification());
    renderFlow('ru');
    const input = await screen.findByLabelText('Выбрать фотографию');
    await userEvent.upload(input, new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Этот файл не является изображением JPEG, PNG или WebP.');
    expect(uploads).toHaveLength(0);
  });

  describe.each([
    { locale: 'en' as const, pick: 'Choose a photo', howTo: 'How to take the photo', remove: 'Delete this verification', reason: 'Upload a JPEG, PNG or WebP image.' },
    { locale: 'ru' as const, pick: 'Выбрать фотографию', howTo: 'Как сделать фото', remove: 'Удалить эту верификацию', reason: 'Загрузите JPEG, PNG или WebP.' },
  ])('a photo the server refuses ($locale)', ({ locale, pick, howTo, remove, reason }) => {
    it('keeps the page, shows the reason beside the picker and gives it the focus back', async () => {
      api.getVerification.mockResolvedValue(verification());
      renderFlow(locale);
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' });
      await userEvent.upload(await screen.findByLabelText(pick), photo);
      uploads[0]!.report({ type: 'upload.failed', error: { file: [reason] } });
      expect(await screen.findByRole('alert')).toHaveTextContent(reason);
      const picker = screen.getByLabelText(pick);
      expect(picker).toHaveFocus();
      expect(picker).toHaveAccessibleDescription(expect.stringContaining(reason));
      expect(screen.getByRole('button', { name: howTo })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: remove })).toBeInTheDocument();
      await userEvent.upload(picker, photo);
      expect(uploads).toHaveLength(2);
    });
  });

  it('shows the rejection reason and lets the user try again', async () => {
    api.getVerification.mockResolvedValue(verification({ status: 'rejected', reason: 'The digits are not covered.', images: 1 }));
    renderFlow();
    expect(await screen.findByRole('heading', { name: 'The verification was rejected' })).toBeInTheDocument();
    expect(screen.getByText('The digits are not covered.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(screen.queryByText(/Photos uploaded/)).not.toBeInTheDocument();
    expect(api.getVerification).toHaveBeenCalledTimes(1);
  });

  it('names a missing verification when the 404 carries no message', async () => {
    // What the wiring makes of a 404 without a body of the server's.
    api.getVerification.mockRejectedValue({ code: 'http_404' });
    renderFlow('ru');
    expect(await screen.findByRole('alert')).toHaveTextContent('Верификация не найдена.');
  });

  it('says the connection failed, and loads again on retry', async () => {
    api.getVerification.mockRejectedValueOnce({ code: 'network_error' }).mockResolvedValue(verification());
    renderFlow();
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to the server. Check your internet connection and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Choose a photo')).toBeInTheDocument();
    expect(api.getVerification).toHaveBeenCalledTimes(2);
    expect(api.getVerification).toHaveBeenLastCalledWith(UUID);
  });

  it('deletes only after the user confirms, and can keep it', async () => {
    api.getVerification.mockResolvedValue(verification());
    api.deleteVerification.mockResolvedValue(undefined);
    renderFlow();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete this verification' }));
    expect(screen.getByRole('group', { name: 'Delete this verification?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(api.deleteVerification).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete this verification' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The verification has been deleted.')).toBeInTheDocument();
    expect(api.deleteVerification).toHaveBeenCalledTimes(1);
    expect(api.deleteVerification).toHaveBeenCalledWith(9);
  });
});
