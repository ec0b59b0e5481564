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
      const allDay = d?.startTime === ALL_DAY.startTime && d?.endTime === ALL_DAY.endTime;
      return { day, isAvailable: d ? d.isAvailable : true, startTime: allDay ? '' : (d?.startTime ?? ''), endTime: allDay ? '' : (d?.endTime ?? '') };
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

/**
 * A day open all day, as the server takes it: an available day needs both hours (`h:mm AM/PM`),
 * and it answers a day without hours as open all day.
 */
export const ALL_DAY = { startTime: '12:00 AM', endTime: '11:59 PM' } as const;

/**
 * The request body: `isAlwaysAvailable` a JSON boolean and the seven days; an available day
 * carries its hours (all day when none are chosen), an unavailable one none. Always available
 * sends the seven days open all day (the server reads them so anyway).
 */
export function toWeeklyBody(form: WeekForm) {
  return {
    isAlwaysAvailable: form.isAlwaysAvailable,
    weeklyAvailability: form.days.map((d) =>
      form.isAlwaysAvailable
        ? { day: d.day, isAvailable: true, ...ALL_DAY }
        : d.isAvailable
          ? { day: d.day, isAvailable: true, startTime: d.startTime || ALL_DAY.startTime, endTime: d.endTime || ALL_DAY.endTime }
          : { day: d.day, isAvailable: false },
    ),
  };
}
