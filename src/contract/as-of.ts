/** `as_of`: a revision number, or an RFC 3339 time (getProduct, getProducts). */
export const AS_OF_PATTERN =
  '^([1-9][0-9]{0,6}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))$';

/**
 * The format (checked by the contract's Ajv, beside the pattern) that refuses a time that names no
 * instant: month 13, 30 February, hour 24, an offset of +25:00. JavaScript's Date would read
 * `2026-02-30` as 2 March, or give up (`2026-13-45`), and a read would answer for some other time.
 */
export const AS_OF_FORMAT = 'as-of';

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Whether a time of the pattern's shape exists on the calendar and the clock. Anything else passes
 * here: the pattern refuses a wrong shape, so a bad value is named once.
 */
export function isAsOf(value: string): boolean {
  const parts = TIME.exec(value);
  if (!parts) return true;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((p) => (p === undefined ? undefined : Number(p))) as number[];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}
