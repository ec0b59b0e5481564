const LABELS: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Declined',
  expired: 'Expired',
  revoked: 'Withdrawn',
  removed: 'Removed',
};

/** A team's or an invitation's status as a tag (the word is the state; the colour only repeats it). */
export function StatusTag({ status }: { status: string }) {
  return <span className={`tag teams-tag teams-tag--${status}`}>{LABELS[status] ?? status}</span>;
}

export function roleLabel(role: string | null | undefined): string {
  return role === 'host' ? 'Host' : role === 'co-host' ? 'Co-host' : (role ?? '');
}
