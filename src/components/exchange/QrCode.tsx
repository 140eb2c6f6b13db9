// A QR code of a payment URI (e.g. `bitcoin:…?amount=…`), drawn by the qrcode package loaded on demand.
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';

export function QrCode({ text, label }: { text: string; label: string }) {
  // The rendered image of `text`; purely derived, kept until the text changes.
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: 264, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (!cancelled) setImage({ text, url });
      })
      .catch((failure: unknown) => console.error('QR code could not be drawn', failure));
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (!image || image.text !== text) {
    return (
      <div className="mx-auto flex size-66 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">
        <Trans>Drawing the QR code…</Trans>
      </div>
    );
  }
  return <img src={image.url} alt={label} width={264} height={264} className="mx-auto size-66 rounded-lg" />;
}
