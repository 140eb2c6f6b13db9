// Long texts of the account area, one file per language with the same shape.

export interface ShareText {
  id: string;
  /** Where the text fits (a forum post, a messenger, a review). */
  title: string;
  /** `{link}` is replaced with the user's referral link. */
  text: string;
}

export interface AccountContent {
  /** Lead of the ads page: how the referral programme pays. `{percent}` is the user's percent. */
  advLead: string;
  shareTexts: readonly ShareText[];
  /** Verification instruction: what to photograph and how. `{exchanger}` is the service's name. */
  verification: {
    lead: string;
    steps: readonly string[];
    note: string;
    tips: readonly string[];
  };
}
