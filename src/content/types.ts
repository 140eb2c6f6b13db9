// The shape of every long text of the public pages. Each locale (src/content/ru, src/content/en) fills the same
// shapes with its own prose, so a page renders either language with one component and a test can compare them.

/** A titled block of prose: paragraphs first, then an optional bullet list. `id` is the anchor, shared by locales. */
export interface ProseSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

/** Exchange rules: numbered sections of numbered clauses (1.1, 1.2, …). */
export interface RulesContent {
  lead: string;
  /** ISO date the current edition took effect. */
  effective: string;
  sections: readonly { id: string; title: string; clauses: readonly string[] }[];
}

export interface AmlContent {
  lead: string;
  effective: string;
  sections: readonly ProseSection[];
}

export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
}

export interface FaqContent {
  lead: string;
  entries: readonly FaqEntry[];
  /** Shown under the list: where to go when the answer is not here. */
  stillQuestions: string;
}

export interface SalesOffer {
  id: string;
  title: string;
  /** A short highlight shown as a badge, e.g. "up to 1.5%". */
  badge: string;
  summary: string;
  details: readonly string[];
}

export interface SalesContent {
  lead: string;
  offers: readonly SalesOffer[];
  termsTitle: string;
  terms: readonly string[];
}

export interface ContestContent {
  lead: string;
  /** Shown when no contest is running (settings.contest absent or inactive). */
  idle: string;
  stepsTitle: string;
  steps: readonly string[];
  rulesTitle: string;
  rules: readonly string[];
  /** Shown when the running contest announces no prize list. */
  prizesFallback: string;
}

export interface ContactsContent {
  lead: string;
  hours: readonly { id: string; label: string; value: string }[];
  responseTimes: readonly { id: string; channel: string; time: string }[];
  tips: ProseSection;
}

export interface PartnerProgramme {
  id: string;
  /** Unprefixed app path of the programme's page. */
  path: string;
  title: string;
  summary: string;
  points: readonly string[];
}

export interface PartnersContent {
  lead: string;
  programmes: readonly PartnerProgramme[];
  closing: string;
}

export interface ReferralContent {
  lead: string;
  steps: readonly { id: string; title: string; text: string }[];
  sections: readonly ProseSection[];
}

export interface MonitoringContent {
  lead: string;
  exportTitle: string;
  exportText: string;
  fieldsTitle: string;
  fields: readonly { name: string; description: string }[];
  sections: readonly ProseSection[];
  codesTitle: string;
  codesText: string;
}

/** Everything one locale provides. */
export interface SiteContent {
  rules: RulesContent;
  aml: AmlContent;
  faq: FaqContent;
  sales: SalesContent;
  contest: ContestContent;
  contacts: ContactsContent;
  partners: PartnersContent;
  referral: ReferralContent;
  monitoring: MonitoringContent;
}
