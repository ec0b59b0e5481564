import { formatInTimeZone } from '@/lib/dates';
import { useDeliveryTasks, type DeliveryTask } from '../api/get-delivery-tasks';

const TITLES: Record<string, string> = { delivery_to_guest: 'Delivery', return_to_host: 'Return' };
const STATUS: Record<string, string> = { scheduled: 'Scheduled', in_progress: 'On the way', completed: 'Done', cancelled: 'Cancelled' };
const STEPS: Record<string, string> = {
  picked_up_from_host: 'Picked up from the host',
  delivered_to_guest: 'Delivered to you',
  picked_up_from_guest: 'Picked up from you',
  delivered_to_host: 'Returned to the host',
};
const human = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function Task({ task, timeZone }: { task: DeliveryTask; timeZone: string | null | undefined }) {
  const title = TITLES[task.taskType] ?? human(task.taskType);
  const active = task.status !== 'completed' && task.status !== 'cancelled';
  return (
    <section className="delivery-panel__task" aria-label={title} data-testid={`delivery-${task.taskType}`}>
      <h3>{title}</h3>
      <p>
        Status: <strong data-testid="delivery-status">{STATUS[task.status] ?? human(task.status)}</strong>
        {task.step && <span data-testid="delivery-step"> · {STEPS[task.step] ?? human(task.step)}</span>}
      </p>
      {task.captainFirstName && <p>Captain: {task.captainFirstName}</p>}
      {active && task.eta && (
        <p data-testid="delivery-eta">
          {task.taskType === 'return_to_host' ? 'Captain expected' : 'Expected'}: <strong>{formatInTimeZone(task.eta, timeZone)}</strong>
          {task.late && <span className="muted"> · running late</span>}
        </p>
      )}
    </section>
  );
}

/**
 * The trip's delivery and return, when it has them: status, step, the captain's first name and
 * the ETA, shown in the time zone of the car's place. A trip without delivery (404) shows nothing.
 */
export function DeliveryPanel({ tripId, timeZone }: { tripId: string; timeZone: string | null | undefined }) {
  const tasks = useDeliveryTasks(tripId);
  if (!tasks.data || tasks.data.length === 0) return null;
  return (
    <section className="panel delivery-panel" aria-labelledby="delivery-title" data-testid="delivery-panel">
      <h2 id="delivery-title">Delivery by our captains</h2>
      {tasks.data.map((t) => (
        <Task key={t.taskId} task={t} timeZone={timeZone} />
      ))}
    </section>
  );
}
