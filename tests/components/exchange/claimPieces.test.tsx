import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromCallback } from 'xstate';
import {
  billUploadMachine,
  type BillFailure,
  type BillFile,
  type BillUploadEvent,
  type BillUploadRequest,
} from '../../../machines/billUpload.ts';
import { BillUpload } from '../../../src/pages/claim/BillUpload.tsx';
import { clockText, Countdown } from '../../../src/pages/claim/Countdown.tsx';
import { renderWithI18n } from '../render.tsx';

describe('Countdown', () => {
  it('writes the time left as mm:ss, or h:mm:ss past an hour', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65)).toBe('01:05');
    expect(clockText(3725)).toBe('1:02:05');
  });

  it('is a timer, and tells screen readers the minutes politely', () => {
    renderWithI18n(<Countdown secondsLeft={601} />, { locale: 'ru' });
    expect(screen.getByRole('timer', { name: 'Осталось времени на оплату' })).toHaveTextContent('10:01');
    expect(screen.getByText('Минут на оплату осталось: 11')).toHaveAttribute('aria-live', 'polite');
  });
});

describe('BillUpload', () => {
  /** The upload actor: `upload` decides what the server answers; a progress report goes first. */
  function start(upload: (file: BillFile) => Promise<void>) {
    const actor = createActor(
      billUploadMachine.provide({
        actors: {
          uploadBill: fromCallback<BillUploadEvent, BillUploadRequest>(({ input, sendBack }) => {
            sendBack({ type: 'upload.progress', loaded: 40, total: 100 });
            upload(input.file).then(
              () => sendBack({ type: 'upload.done' }),
              (failure: BillFailure) => sendBack({ type: 'upload.failed', failure }),
            );
          }),
        },
      }),
      { input: { uuid: 'claim-1', uploaded: false } },
    ).start();
    renderWithI18n(<BillUpload actor={actor} />);
    return actor;
  }

  it('sends a chosen image and says it was received', async () => {
    const sent: string[] = [];
    start(async (file) => {
      sent.push(file.name);
    });
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['png'], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText('Receipt received.')).toBeInTheDocument();
    expect(sent).toEqual(['receipt.png']);
    expect(screen.getByLabelText('Replace the receipt')).toBeInTheDocument();
  });

  it('shows how much is sent and cancels the upload, keeping nothing', async () => {
    const actor = start(() => new Promise<void>(() => {}));
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['png'], 'receipt.png', { type: 'image/png' }));
    const bar = await screen.findByRole('progressbar', { name: 'Sending receipt.png…' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(screen.getByLabelText('Choose a file')).toBeEnabled();
  });

  it('refuses a file that is not an image without sending it', async () => {
    const sent: string[] = [];
    start(async (file) => {
      sent.push(file.name);
    });
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('This file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('offers to try again after a failed upload', async () => {
    let attempts = 0;
    start(async () => {
      attempts += 1;
      if (attempts === 1) throw { network: true };
    });
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['png'], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText('The file was not sent: no connection. Try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Receipt received.')).toBeInTheDocument());
  });
});
