// Every long text of the public pages in this language, as one typed object (pages import single modules).
import type { SiteContent } from '../types.ts';
import { aml } from './aml.ts';
import { contacts } from './contacts.ts';
import { contest } from './contest.ts';
import { faq } from './faq.ts';
import { monitoring, partners, referral } from './partners.ts';
import { rules } from './rules.ts';
import { sales } from './sales.ts';

export const content: SiteContent = { rules, aml, faq, sales, contest, contacts, partners, referral, monitoring };
