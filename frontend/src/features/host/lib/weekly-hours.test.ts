import { describe, expect, it } from 'vitest';
import { DAYS, toWeekForm, toWeeklyBody, weekErrors } from './weekly-hours';

describe('the weekly hours form', () => {
  it('reads the seven days in order, whatever the answer gives, and a day left out as available all day', () => {
    const form = toWeekForm({
      isAlwaysAvailable: false,
      weeklyAvailability: [
        { day: 'sunday', isAvailable: false, startTime: '', endTime: '' },
        { day: 'Mon', isAvailable: true, startTime: '9:00 AM', endTime: '5:00 PM' },
      ],
    });
    expect(form.isAlwaysAvailable).toBe(false);
    expect(form.days.map((d) => d.day)).toEqual([...DAYS]);
    expect(form.days[0]).toEqual({ day: 'Monday', isAvailable: true, startTime: '9:00 AM', endTime: '5:00 PM' });
    expect(form.days[1]).toEqual({ day: 'Tuesday', isAvailable: true, startTime: '', endTime: '' });
    expect(form.days[6]).toEqual({ day: 'Sunday', isAvailable: false, startTime: '', endTime: '' });
  });

  it('is always available until the host says otherwise', () => {
    expect(toWeekForm(undefined).isAlwaysAvailable).toBe(true);
  });

  it('refuses hours that end before they start, or only one end', () => {
    const form = toWeekForm({ isAlwaysAvailable: false, weeklyAvailability: [] });
    form.days[0] = { ...form.days[0], startTime: '5:00 PM', endTime: '9:00 AM' };
    form.days[1] = { ...form.days[1], startTime: '9:00 AM', endTime: '' };
    form.days[2] = { ...form.days[2], startTime: '9:00 AM', endTime: '9:00 AM' };
    form.days[3] = { ...form.days[3], isAvailable: false, startTime: '5:00 PM', endTime: '9:00 AM' };
    form.days[4] = { ...form.days[4], startTime: '12:00 AM', endTime: '11:30 PM' };
    expect(weekErrors(form)).toEqual({
      Monday: 'The hours must end after they start.',
      Tuesday: 'Choose both a start and an end time, or neither for all day.',
      Wednesday: 'The hours must end after they start.',
    });
    // Always available: the days are not read.
    expect(weekErrors({ ...form, isAlwaysAvailable: true })).toEqual({});
  });

  it('sends isAlwaysAvailable as a boolean and seven days; an available day carries h:mm AM/PM hours (all day when none), an unavailable one none', () => {
    const form = toWeekForm({ isAlwaysAvailable: false, weeklyAvailability: [] });
    form.days[0] = { ...form.days[0], startTime: '9:00 AM', endTime: '5:00 PM' };
    form.days[6] = { ...form.days[6], isAvailable: false, startTime: '9:00 AM', endTime: '5:00 PM' };
    const body = toWeeklyBody(form);
    expect(body.isAlwaysAvailable).toBe(false);
    expect(body.weeklyAvailability).toHaveLength(7);
    expect(body.weeklyAvailability[0]).toEqual({ day: 'Monday', isAvailable: true, startTime: '9:00 AM', endTime: '5:00 PM' });
    expect(body.weeklyAvailability[1]).toEqual({ day: 'Tuesday', isAvailable: true, startTime: '12:00 AM', endTime: '11:59 PM' });
    expect(body.weeklyAvailability[6]).toEqual({ day: 'Sunday', isAvailable: false });
  });

  it('sends the seven days open all day when always available, whatever the hidden days hold', () => {
    const form = toWeekForm({ isAlwaysAvailable: true, weeklyAvailability: [{ day: 'Monday', isAvailable: false, startTime: '', endTime: '' }] });
    form.days[1] = { ...form.days[1], startTime: '5:00 PM', endTime: '9:00 AM' };
    const body = toWeeklyBody(form);
    expect(body.isAlwaysAvailable).toBe(true);
    expect(body.weeklyAvailability).toEqual(DAYS.map((day) => ({ day, isAvailable: true, startTime: '12:00 AM', endTime: '11:59 PM' })));
  });

  it('reads the all-day hours back as all day', () => {
    const form = toWeekForm({ isAlwaysAvailable: false, weeklyAvailability: [{ day: 'Monday', isAvailable: true, startTime: '12:00 AM', endTime: '11:59 PM' }] });
    expect(form.days[0]).toEqual({ day: 'Monday', isAvailable: true, startTime: '', endTime: '' });
  });
});
