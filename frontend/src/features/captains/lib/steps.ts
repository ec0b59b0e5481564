import type { Schemas } from '@/api/types';

export type CaptainTask = Schemas['CaptainTask'];
/** A recorded step: its name, time, position and photos. */
export type TaskStep = Schemas['TaskStepRecord'];
export type StepName = Schemas['TaskStep'];
export type TaskType = Schemas['TaskType'];
export type TaskStatus = Schemas['TaskStatus'];

/**
 * The two steps of each task type, in order (spec 001 section 3), to draw the whole progress;
 * which one comes next is the server's `nextStep`.
 */
export const TASK_STEPS: Record<TaskType, StepName[]> = {
  delivery_to_guest: ['picked_up_from_host', 'delivered_to_guest'],
  return_to_host: ['picked_up_from_guest', 'delivered_to_host'],
};

const STEP_LABELS: Record<StepName, string> = {
  picked_up_from_host: 'Picked up from host',
  delivered_to_guest: 'Delivered to guest',
  picked_up_from_guest: 'Picked up from guest',
  delivered_to_host: 'Delivered to host',
};

/** What the captain presses to record a step. */
const STEP_ACTIONS: Record<StepName, string> = {
  picked_up_from_host: 'Picked up from host',
  delivered_to_guest: 'Delivered to guest',
  picked_up_from_guest: 'Picked up from guest',
  delivered_to_host: 'Delivered to host',
};

const TYPE_LABELS: Record<TaskType, string> = {
  delivery_to_guest: 'Delivery to guest',
  return_to_host: 'Return to host',
};

const STATUS_LABELS: Record<TaskStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const human = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export const stepLabel = (step: StepName) => STEP_LABELS[step] ?? human(step);
export const stepAction = (step: StepName) => `Mark as ${(STEP_ACTIONS[step] ?? human(step)).toLowerCase()}`;
export const taskTypeLabel = (type: TaskType) => TYPE_LABELS[type] ?? human(type);
export const taskStatusLabel = (status: TaskStatus) => STATUS_LABELS[status] ?? human(status);

/** `street, city, state` of a task's place. */
export function placeLine(p: { street?: string; city?: string; state?: string } | null | undefined): string {
  return [p?.street, p?.city, p?.state].filter(Boolean).join(', ');
}

type Place = { street?: string; city?: string; state?: string; zip?: string; latitude?: number; longitude?: number };

/**
 * A link that opens turn-by-turn directions to a task's place in the phone's maps (Google Maps'
 * universal URL: the app when installed, the web otherwise): to the place's coordinates when it
 * has real ones, else to its address; null when it has neither.
 */
export function directionsUrl(p: Place | null | undefined): string | null {
  const lat = p?.latitude;
  const lng = p?.longitude;
  const real = typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
  const address = [p?.street, p?.city, p?.state, p?.zip].filter(Boolean).join(', ');
  const destination = real ? `${lat},${lng}` : address;
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}

/** A time of the task where its cars are: `10:00 AM PST`. */
export function timeAt(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const opts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return d.toLocaleTimeString('en-US', { ...opts, timeZone: timeZone || undefined });
  } catch {
    return d.toLocaleTimeString('en-US', opts);
  }
}
