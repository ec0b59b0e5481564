/**
 * Support hours (spec 000 section 9): messaging Mon-Fri 9 AM-8 PM, phone Mon-Fri 10 AM-5 PM,
 * email answered within 24 hours. The spec states no time zone; the product is Californian (its
 * terms choose California law and San Francisco), so the hours are Pacific Time and the page says so.
 */
export const SUPPORT_TIME_ZONE = 'America/Los_Angeles';
export const SUPPORT_TIME_ZONE_LABEL = 'Pacific Time';
export const EMAIL_REPLY_HOURS = 24;

export type Channel = 'messaging' | 'phone';

/** Opening hours on the clock of the support time zone; `to` is when it closes (not open at `to`). */
export const SUPPORT_HOURS: Record<Channel, { days: number[]; from: number; to: number }> = {
  messaging: { days: [1, 2, 3, 4, 5], from: 9, to: 20 },
  phone: { days: [1, 2, 3, 4, 5], from: 10, to: 17 },
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday (0 = Sunday), hour and minute of `now` on the clock of `timeZone`. */
export function clockIn(now: Date, timeZone = SUPPORT_TIME_ZONE): { day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')), hour: Number(get('hour')) % 24, minute: Number(get('minute')) };
}

/** Whether a channel is open at `now`: a listed weekday, from its opening hour up to (not at) its closing hour. */
export function isOpen(channel: Channel, now: Date): boolean {
  const { days, from, to } = SUPPORT_HOURS[channel];
  const { day, hour } = clockIn(now);
  return days.includes(day) && hour >= from && hour < to;
}

/** `9 AM`, `8 PM`. */
export function hourLabel(h: number): string {
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12} ${suffix}`;
}

/** `Mon-Fri 9 AM-8 PM` */
export function hoursLabel(channel: Channel): string {
  const { days, from, to } = SUPPORT_HOURS[channel];
  const short = (d: number) => WEEKDAYS[d].slice(0, 3);
  return `${short(days[0])}-${short(days[days.length - 1])} ${hourLabel(from)}-${hourLabel(to)}`;
}

/** When a closed channel opens next, from `now`: "today at 9 AM", "tomorrow at 9 AM" or "Monday at 9 AM". */
export function nextOpening(channel: Channel, now: Date): string {
  const { days, from } = SUPPORT_HOURS[channel];
  const { day, hour } = clockIn(now);
  for (let ahead = 0; ahead < 8; ahead++) {
    const d = (day + ahead) % 7;
    if (!days.includes(d)) continue;
    if (ahead === 0 && hour >= from) continue;
    const when = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : WEEKDAYS[d];
    return `${when} at ${hourLabel(from)}`;
  }
  return '';
}

/** What the help page says about a channel at `now`. */
export function channelStatus(channel: Channel, now: Date): { open: boolean; text: string } {
  if (isOpen(channel, now)) return { open: true, text: `Open now, until ${hourLabel(SUPPORT_HOURS[channel].to)} ${SUPPORT_TIME_ZONE_LABEL}` };
  return { open: false, text: `Closed now, opens ${nextOpening(channel, now)} ${SUPPORT_TIME_ZONE_LABEL}` };
}
