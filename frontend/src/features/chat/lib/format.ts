const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A message's or room's time, in the browser's zone: the time today, else the day (and the year when not this one). */
export function chatTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (d.toDateString() === now.toDateString()) return TIME.format(d);
  return d.getFullYear() === now.getFullYear() ? DAY.format(d) : DAY_YEAR.format(d);
}

/** A message's time in the room: the time, with the day when not today. */
export function messageTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = TIME.format(d);
  return d.toDateString() === now.toDateString() ? time : `${chatTime(iso, now)}, ${time}`;
}

/** The first letter for an avatar without a picture. */
export function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}
