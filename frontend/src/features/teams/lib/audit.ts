import type { AuditEntry } from '../api/get-team-audit-log';

const ACTIONS: Record<string, string> = {
  team_created: 'Created the team',
  cohost_invited: 'Invited a co-host',
  invitation_resent: 'Resent an invitation',
  invitation_accepted: 'Accepted the invitation',
  invitation_rejected: 'Declined the invitation',
  permissions_changed: 'Changed permissions',
  team_renamed: 'Renamed the team',
  vehicles_changed: 'Changed the cars',
  earnings_split_changed: 'Changed the earnings split',
  cohost_removed: 'Removed a co-host',
  cohost_left: 'Left the team',
  team_deleted: 'Deleted the team',
  car_updated: 'Changed a car',
  car_status_changed: "Changed a car's status",
  inspection_form_added: 'Added an inspection form',
};

/** An action code as words: the known ones by name, any other with its underscores as spaces. */
export function actionLabel(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

function value(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (Array.isArray(v)) return v.length ? v.map(value).join(', ') : 'none';
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${value(x)}`).join(', ');
  return String(v);
}

function record(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      return record(JSON.parse(v));
    } catch {
      return v ? { value: v } : {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * Before and after of an audit entry in a line: each field that changed as `field: before → after`,
 * fields only in one side as they are.
 */
export function summariseChange(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const parts: string[] = [];
  for (const k of keys) {
    const b = k in before ? value(before[k]) : null;
    const a = k in after ? value(after[k]) : null;
    if (b !== null && a !== null) {
      if (b !== a) parts.push(`${k}: ${b} → ${a}`);
    } else parts.push(`${k}: ${a ?? b}`);
  }
  return parts.join('; ') || '–';
}
