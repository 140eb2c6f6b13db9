// The exchange course as people read it: "1 BTC = 9 000 000 RUB". A course below one reads better inverted
// ("1 BTC = 9 523 809,53 RUB" rather than "1 RUB = 0,000000105 BTC").
import { Trans } from '@lingui/react/macro';
import { compare, formatAmount, giveFromReceive, isPositive, roundDown, type Decimal } from '../../domain/money.ts';

export interface CourseSide {
  unit: string;
  decimals: number;
}

/** [left unit, right amount, right unit] of the course line. */
export function courseParts(
  course: Decimal,
  from: CourseSide,
  to: CourseSide,
): { one: string; amount: Decimal; unit: string } {
  if (isPositive(course) && compare(course, '1') < 0) {
    return { one: to.unit, amount: giveFromReceive('1', course, from.decimals), unit: from.unit };
  }
  return { one: from.unit, amount: roundDown(course, Math.max(to.decimals, 2)), unit: to.unit };
}

// Moscow has kept UTC+3 all year since October 2014. Formatting by that fixed offset spares the phone the
// locale and time-zone data its first Intl.DateTimeFormat loads: ~15 ms of CPU inside the home's hydration, four
// times that on a throttled phone (`npm run bench:web`).
const MOSCOW_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * When the course was last set, as "22.11, 21:08" (or "11/22, 09:08 PM" in English) in Moscow time: one fixed
 * zone (the exchanger's) reads the same on the server-rendered page and in every visitor's browser, so hydration
 * never differs.
 */
export function courseTime(updatedAt: string, locale: string): string {
  const moscow = new Date(new Date(updatedAt).getTime() + MOSCOW_UTC_OFFSET_MS);
  const day = twoDigits(moscow.getUTCDate());
  const month = twoDigits(moscow.getUTCMonth() + 1);
  const hours = moscow.getUTCHours();
  const minutes = twoDigits(moscow.getUTCMinutes());
  if (locale.startsWith('en')) return `${month}/${day}, ${twoDigits(hours % 12 || 12)}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${day}.${month}, ${twoDigits(hours)}:${minutes}`;
}

export function CourseLine({
  course,
  from,
  to,
  locale,
  updatedAt = null,
}: {
  course: Decimal;
  from: CourseSide;
  to: CourseSide;
  locale: string;
  /** ISO time the course was last set (by the operator or a market formula). */
  updatedAt?: string | null;
}) {
  const parts = courseParts(course, from, to);
  const amount = `${formatAmount(parts.amount, locale)} ${parts.unit}`;
  const time = updatedAt === null ? null : courseTime(updatedAt, locale);
  return (
    <p className="text-sm text-slate-700" data-testid="course-line">
      <Trans>Course:</Trans>{' '}
      <span className="font-semibold text-navy-900 tabular-nums">
        1 {parts.one} = {amount}
      </span>
      {time !== null && updatedAt !== null && (
        <span className="block text-xs text-slate-500" data-testid="course-updated">
          <Trans>
            updated <time dateTime={updatedAt}>{time}</time> Moscow time
          </Trans>
        </span>
      )}
    </p>
  );
}
