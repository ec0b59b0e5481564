/**
 * Dates and times as the spec writes them: dates `YYYY-MM-DD`, times `h:mm AM/PM`, every
 * 30 minutes (spec 000 sections 5 and 9). All in the browser's local calendar.
 */

export const DEFAULT_TIME = '10:00 AM';

export function toYmd(d: Date): string {
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${m}-${day}`;
}

/** `YYYY-MM-DD` to a local Date at midnight; null (and logged) when not a real date. */
export function parseYmd(s: string | null | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3])) {
    console.warn('invalid date', s);
    return null;
  }
  return d;
}

export function addDays(d: Date, n: number): Date {
  const r = new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes());
  return r;
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The 48 options from 12:00 AM to 11:30 PM. */
export const TIME_OPTIONS: string[] = Array.from({ length: 48 }, (_, i) => minutesToTime(i * 30));

export function minutesToTime(total: number): string {
  const h24 = Math.floor(total / 60) % 24;
  const m = total % 60;
  const suffix = h24 < 12 ? 'AM' : 'PM';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** `h:mm AM/PM` to minutes after midnight; null when malformed. */
export function timeToMinutes(t: string | null | undefined): number | null {
  if (!t) return null;
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(t.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  if (h < 1 || h > 12 || min > 59) return null;
  const pm = m[3].toUpperCase() === 'PM';
  if (h === 12) h = 0;
  return (pm ? h + 12 : h) * 60 + min;
}

/** `10:00 AM` -> `10:00`, `12:30 AM` -> `00:30` (the car page keeps the address bar in 24-hour form). */
export function to24h(t: string): string | null {
  const m = timeToMinutes(t);
  if (m === null) return null;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** `14:30` or `2:30 PM` -> `2:30 PM`. */
export function from24h(t: string | null | undefined): string | null {
  if (!t) return null;
  if (/am|pm/i.test(t)) return timeToMinutes(t) === null ? null : minutesToTime(timeToMinutes(t)!);
  const m = /^(\d{1,2}):(\d{2})$/.exec(t.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return minutesToTime(h * 60 + min);
}

/**
 * Price requests round minutes: 0-14 to :00, 15-44 to :30, 45-59 to the next hour
 * (spec 000 section 5). Returns the rounded time and whether the day rolled over.
 */
export function roundTimeForPrice(t: string): { time: string; nextDay: boolean } {
  const total = timeToMinutes(t) ?? 600;
  const h = Math.floor(total / 60);
  const m = total % 60;
  let rounded: number;
  if (m < 15) rounded = h * 60;
  else if (m < 45) rounded = h * 60 + 30;
  else rounded = (h + 1) * 60;
  return { time: minutesToTime(rounded % (24 * 60)), nextDay: rounded >= 24 * 60 };
}

export function combine(date: string, time: string): Date | null {
  const d = parseYmd(date);
  const m = timeToMinutes(time);
  if (!d || m === null) return null;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), Math.floor(m / 60), m % 60);
}

export type TripRange = { fromDate: string; fromTime: string; untilDate: string; untilTime: string };

/** Tomorrow to the day after, both 10:00 AM (spec 000 section 9). */
export function defaultRange(now = new Date()): TripRange {
  const tomorrow = addDays(startOfDay(now), 1);
  return { fromDate: toYmd(tomorrow), fromTime: DEFAULT_TIME, untilDate: toYmd(addDays(tomorrow, 1)), untilTime: DEFAULT_TIME };
}

/** Long-term rentals: 30 days or more; the default range is start + 35 days, and on mobile the
 * end is fixed to start + 30 days (spec 000 sections 4.1 and 9). */
export const LONG_TERM_DEFAULT_DAYS = 35;
export const LONG_TERM_MIN_DAYS = 30;

/** Tomorrow to tomorrow + 35 days, both 10:00 AM. */
export function longTermRange(now = new Date()): TripRange {
  const tomorrow = addDays(startOfDay(now), 1);
  return { fromDate: toYmd(tomorrow), fromTime: DEFAULT_TIME, untilDate: toYmd(addDays(tomorrow, LONG_TERM_DEFAULT_DAYS)), untilTime: DEFAULT_TIME };
}

/** Home card links: tomorrow to today + 3 days at 10:00 AM (spec 000 section 2.1). */
export function homeCardRange(now = new Date()): TripRange {
  const today = startOfDay(now);
  return { fromDate: toYmd(addDays(today, 1)), fromTime: DEFAULT_TIME, untilDate: toYmd(addDays(today, 3)), untilTime: DEFAULT_TIME };
}

/**
 * Fill missing dates and times with the defaults; when a date is before today both dates
 * reset to tomorrow and the day after (spec 000 section 4.1). `reset` says whether the
 * given dates were replaced.
 */
export function normaliseRange(partial: Partial<TripRange>, now = new Date()): { range: TripRange; reset: boolean } {
  const def = defaultRange(now);
  const today = startOfDay(now);
  const from = parseYmd(partial.fromDate);
  const until = parseYmd(partial.untilDate);
  const past = (from && from < today) || (until && until < today);
  if (past || !from || !until) {
    return {
      range: {
        fromDate: def.fromDate,
        untilDate: def.untilDate,
        fromTime: validTime(partial.fromTime) ?? DEFAULT_TIME,
        untilTime: validTime(partial.untilTime) ?? DEFAULT_TIME,
      },
      reset: Boolean(past) || Boolean(partial.fromDate || partial.untilDate),
    };
  }
  return {
    range: {
      fromDate: partial.fromDate!,
      untilDate: partial.untilDate!,
      fromTime: validTime(partial.fromTime) ?? DEFAULT_TIME,
      untilTime: validTime(partial.untilTime) ?? DEFAULT_TIME,
    },
    reset: false,
  };
}

function validTime(t: string | undefined): string | null {
  const m = timeToMinutes(t);
  return m === null ? null : minutesToTime(m);
}

/** Search: the until date must be after the from date (same day disables it). */
export function canSearch(r: TripRange): boolean {
  const a = parseYmd(r.fromDate);
  const b = parseYmd(r.untilDate);
  return Boolean(a && b && b > a && timeToMinutes(r.fromTime) !== null && timeToMinutes(r.untilTime) !== null);
}

/** Home search also needs the start date-time before the end date-time. */
export function canSearchHome(r: TripRange): boolean {
  const a = combine(r.fromDate, r.fromTime);
  const b = combine(r.untilDate, r.untilTime);
  return canSearch(r) && Boolean(a && b && a < b);
}

/** Car page: "Start date must be before or equal to the end date." or null. */
export function rangeError(r: TripRange): string | null {
  const a = combine(r.fromDate, r.fromTime);
  const b = combine(r.untilDate, r.untilTime);
  if (!a || !b || a >= b) return 'Start date must be before or equal to the end date.';
  return null;
}

/** 24 hours before the start, shown only when the start is 24 hours or more away. */
export function freeCancellationDate(start: Date, now = new Date()): Date | null {
  const before = new Date(start.getTime() - 24 * 3600 * 1000);
  return before >= now ? before : null;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatDisplayDate(ymd: string): string {
  const d = parseYmd(ymd);
  if (!d) return ymd;
  return SHORT_DATE.format(d);
}

export function formatDateTime(d: Date): string {
  return DATE_TIME.format(d);
}

export function daysBetween(a: string, b: string): number {
  const x = parseYmd(a);
  const y = parseYmd(b);
  if (!x || !y) return 0;
  return Math.round((y.getTime() - x.getTime()) / 86400000);
}

/**
 * An instant shown in a given IANA time zone (a trip's times are where the car is, not where the
 * browser is): `Sat, Jan 10, 10:00 AM PST`. Falls back to the browser's zone for an unknown zone
 * and returns the text as is when it is not a date.
 */
export function formatInTimeZone(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // With the year: a trip a year ahead, or one of last year, reads as what it is.
  const opts: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return d.toLocaleString('en-US', { ...opts, timeZone: timeZone || undefined });
  } catch {
    return d.toLocaleString('en-US', opts);
  }
}
