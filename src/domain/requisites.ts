// Checks of payment requisites (card numbers, wallet addresses, phones) shared by browser and server, with the
// addresses' checksums (requisiteRules.ts holds the rules, addressChecksums.ts the checksums).
import { CHECKSUM_VERIFIERS } from './addressChecksums.ts';
import { requisiteProblemWith } from './requisiteRules.ts';
import type { RequisiteCheck, RequisiteProblem } from './requisiteKinds.ts';

export {
  isAddressCheck,
  NETWORK_NAMES,
  otherNetworkOf,
  REQUISITE_CHECKS,
  type AddressCheck,
  type RequisiteCheck,
  type RequisiteProblem,
} from './requisiteKinds.ts';
export { luhnValid, normalizeRequisite } from './requisiteRules.ts';

/** The first rule the value breaks after normalisation, or null when it passes. An empty value is "required", not this. */
export function requisiteProblem(check: RequisiteCheck, value: string): RequisiteProblem | null {
  return requisiteProblemWith(CHECKSUM_VERIFIERS, check, value);
}

export type CardProblem = Extract<RequisiteProblem, `card_${string}`>;

/** Why a card number fails (characters, length, checksum), or null when it passes. */
export function cardProblem(value: string): CardProblem | null {
  return requisiteProblem('card', value) as CardProblem | null;
}

/** True when the value passes the check after normalisation. */
export function requisiteValid(check: RequisiteCheck, value: string): boolean {
  return requisiteProblem(check, value) === null;
}
