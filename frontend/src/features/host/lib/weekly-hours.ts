import { timeToMinutes } from '@/lib/dates';

/** The server's days, in order (Monday first). */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export type DayForm = { day: string; isAvailable: boolean; startTime: string; endTime: string };
export type WeekForm = { isAlwaysAvailable: boolean; days: DayForm[] };

type DayIn = { day: string; isAvailable: boolean; startTime?: string | null; endTime?: string | null };

/**
 * The form from the server's week: the seven days in order, whatever the answer's order or
 * spelling; a day the answer leaves out is available all day (hours empty mean all day).
 */
export function toWeekForm(week: { isAlwaysAvailable: boolean; weeklyAvailability: DayIn[] } | undefined): WeekForm {
  const byDay = new Map((week?.weeklyAvailability ?? []).map((d) => [d.day.slice(0, 3).toLowerCase(), d]));
  return {
    isAlwaysAvailable: week?.isAlwaysAvailable ?? true,
    days: DAYS.map((day) => {
      const d = byDay.get(day.slice(0, 3).toLowerCase());
      return { day, isAvailable: d ? d.isAvailable : true, startTime: d?.startTime ?? '', endTime: d?.endTime ?? '' };
    }),
  };
}

/** Per day, the message for hours that cannot be sent (one end without the other, or ending before they start). */
export function weekErrors(form: WeekForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.isAlwaysAvailable) return errors;
  for (const d of form.days) {
    if (!d.isAvailable) continue;
    if (!d.startTime && !d.endTime) continue;
    if (!d.startTime || !d.endTime) {
      errors[d.day] = 'Choose both a start and an end time, or neither for all day.';
      continue;
    }
    const a = timeToMinutes(d.startTime);
    const b = timeToMinutes(d.endTime);
    if (a === null || b === null || b <= a) errors[d.day] = 'The hours must end after they start.';
  }
  return errors;
}

/** The request body: `isAlwaysAvailable` a JSON boolean and the seven days with `h:mm AM/PM` hours. */
export function toWeeklyBody(form: WeekForm) {
  return {
    isAlwaysAvailable: form.isAlwaysAvailable,
    weeklyAvailability: form.days.map((d) => ({
      day: d.day,
      isAvailable: form.isAlwaysAvailable ? true : d.isAvailable,
      startTime: d.isAvailable ? d.startTime : '',
      endTime: d.isAvailable ? d.endTime : '',
    })),
  };
}
