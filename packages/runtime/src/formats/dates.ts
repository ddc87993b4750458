/**
 * Dates, times and durations: RFC 3339 §5.6 (`date`, `time`, `date-time`, with the day checked
 * against its month and leap seconds only at 23:59:60 UTC) and RFC 3339 Appendix A (`duration`).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|([+-])(\d{2}):(\d{2}))$/i;
const MINUTES_PER_DAY = 1440;

/** RFC 3339 full-date, with the day checked against the month (leap years included, §5.7). */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** RFC 3339 full-time: the offset is required; a leap second only as 23:59:60 in UTC (§5.7). */
export function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const offsetHour = match[5] === undefined ? 0 : Number(match[5]);
  const offsetMinute = match[6] === undefined ? 0 : Number(match[6]);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // Local time minus the offset is UTC: "-08:00" adds eight hours.
  const sign = match[4] === '-' ? 1 : -1;
  const utcMinutes = (((hour * 60 + minute + sign * (offsetHour * 60 + offsetMinute)) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return utcMinutes === 23 * 60 + 59;
}

/** RFC 3339 date-time: full-date "T" full-time (§5.6 NOTE: the separator in either case). */
export function isDateTime(text: string): boolean {
  return text.length > 11 && (text[10] === 'T' || text[10] === 't') && isDate(text.slice(0, 10)) && isTime(text.slice(11));
}

// RFC 3339 Appendix A, rule by rule: a unit may only be followed by the next smaller one
// (dur-year = 1*DIGIT "Y" [dur-month], ...), so "P1Y2D" and "PT1H2S" do not match.
const SECOND = String.raw`\d+S`;
const MINUTE = String.raw`\d+M(?:${SECOND})?`;
const HOUR = String.raw`\d+H(?:${MINUTE})?`;
const TIME_PART = `T(?:${HOUR}|${MINUTE}|${SECOND})`;
const DAY = String.raw`\d+D`;
const MONTH = String.raw`\d+M(?:${DAY})?`;
const YEAR = String.raw`\d+Y(?:${MONTH})?`;
const DATE_PART = `(?:${DAY}|${MONTH}|${YEAR})(?:${TIME_PART})?`;
const WEEK = String.raw`\d+W`;
const DURATION = /* @__PURE__ */ new RegExp(`^P(?:${DATE_PART}|${TIME_PART}|${WEEK})$`);

/** RFC 3339 Appendix A duration: `P` then date [time], time alone, or weeks alone; ASCII digits only. */
export function isDuration(text: string): boolean {
  return DURATION.test(text);
}
