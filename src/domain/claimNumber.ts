// The short number people use for a claim: in mails, on its page, and as the comment of a card or SBP payment,
// so the operator can match a transfer to its claim.

/** The claim's uuid's first 8 characters, upper-cased ("3F2A9C01"). */
export function claimNumber(uuid: string): string {
  return uuid.slice(0, 8).toUpperCase();
}
