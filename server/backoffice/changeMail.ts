// The mail every active operator gets when a four-eyes change is applied, rendered from the server catalogs in
// Russian and English at once: an operator has no language of their own.
import type { PendingChangeRow } from '../db/schema/pendingChanges.ts';
import type { Text } from '../i18n/text.ts';
import { translate } from '../i18n/translate.ts';
import type { OutgoingMail } from '../mail/send.ts';

function bothLanguages(text: Text, separator: string): string {
  return `${translate('ru', text)}${separator}${translate('en', text)}`;
}

export function changeAppliedMail(change: PendingChangeRow, to: string): OutgoingMail {
  const what = `#${change.id} ${change.kind} ${change.target}`;
  const applied: Text = /*i18n*/ {
    id: 'backoffice.changeMail.applied',
    message: 'Change {what} proposed by {proposer} and approved by {approver} is applied.',
    values: { what, proposer: change.proposedByEmail, approver: change.decidedByEmail ?? '' },
  };
  const unexpected: Text = /*i18n*/ { id: 'backoffice.changeMail.unexpected', message: 'If you did not expect it, check the audit log.' };
  const subject: Text = /*i18n*/ { id: 'backoffice.changeMail.subject', message: 'Change approved', values: { what } };
  const paragraphs = [translate('ru', applied), translate('en', applied), bothLanguages(unexpected, ' ')];
  return {
    kind: 'change_approved',
    locale: 'ru',
    to,
    subject: bothLanguages(subject, ' / '),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join(''),
    link: '',
  };
}
