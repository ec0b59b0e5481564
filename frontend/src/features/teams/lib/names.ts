/** A member as people read them: their name once they have an account name, else the invited email. */
export function memberName(c: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const name = `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();
  return name || c.email;
}

/** A time of the API (RFC 3339) in the viewer's locale, or a dash. */
export function formatWhen(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '–';
  return withTime ? d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : d.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** A percentage as the page shows it: `12.5%`. */
export function percent(n: number | null | undefined): string {
  return `${Number(n ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}
