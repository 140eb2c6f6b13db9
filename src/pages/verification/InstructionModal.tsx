// How to photograph the card (Modal variant `instruction`): the example picture, the steps and the tips.
import { useLingui } from '@lingui/react/macro';
import { BRAND_NAME } from '../../content/brand.ts';
import { accountContentFor, fillText } from '../../components/account/content/index.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { useLocale } from '../../i18n/useLocale.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { CardPhotoExample } from './CardPhotoExample.tsx';

export function InstructionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const content = accountContentFor(locale).verification;
  const exchanger = BRAND_NAME;
  const today = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  return (
    <Modal open={open} onClose={onClose} variant="instruction" title={t`How to photograph the card`} description={content.lead}>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <figure>
          <CardPhotoExample date={today} note={t`For ${exchanger} exchange`} />
          <figcaption className="mt-2 text-sm text-slate-600">
            {t`Example: middle digits covered, a handwritten note with the date beside the card.`}
          </figcaption>
        </figure>
        <div>
          <ol className="list-decimal space-y-2 pl-5 text-slate-800">
            {content.steps.map((step) => (
              <li key={step}>{fillText(step, { exchanger })}</li>
            ))}
          </ol>
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">{content.note}</p>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {content.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t`Got it`}</Button>
      </div>
    </Modal>
  );
}
