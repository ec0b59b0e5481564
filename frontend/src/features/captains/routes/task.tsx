import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatInTimeZone, parseYmd } from '@/lib/dates';
import { useTask } from '../api/get-task';
import { RecordStep } from '../components/record-step';
import { StepProgress } from '../components/step-progress';
import { directionsUrl, placeLine, taskStatusLabel, taskTypeLabel } from '../lib/steps';

/** Directions to one of the task's places, in the phone's maps app (a new tab on a desktop). */
function Directions({ place, label }: { place: Parameters<typeof directionsUrl>[0]; label: string }) {
  const href = directionsUrl(place);
  if (!href) return null;
  return (
    <a className="btn btn--sm btn--ghost" href={href} target="_blank" rel="noopener noreferrer" data-testid={`directions-${label}`} aria-label={`Directions to the ${label} (opens your maps)`}>
      Directions
    </a>
  );
}

/** /captains/{taskId}?date=: the task, its steps, and the button of the next one. */
export default function CaptainTaskRoute() {
  const { taskId = '' } = useParams();
  const [params] = useSearchParams();
  const task = useTask(taskId);
  const asked = params.get('date');
  const date = asked && parseYmd(asked) ? asked : task.data?.date;
  const back = `/captains/dashboard${date ? `?date=${date}` : ''}`;
  useEffect(() => {
    document.title = 'Task | Upcar captains';
  }, []);

  return (
    <main id="main" className="page page--narrow captain-page" data-testid="captain-task">
      <Link to={back} className="link">
        ← Back to the day's tasks
      </Link>
      {task.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : task.isError ? (
        <>
          <h1>Task</h1>
          <p role="alert">{task.error instanceof ApiError && task.error.status === 404 ? 'This task was not found among yours.' : errorMessage(task.error, 'This task could not be loaded.')}</p>
        </>
      ) : (
        <>
          <h1>
            {task.data.carMake} {task.data.carModel}
          </h1>
          <p className="task-card__tags">
            <span className={`tag tag--${task.data.taskType}`}>{taskTypeLabel(task.data.taskType)}</span>
            <span className={`tag tag--${task.data.status}`} data-testid="task-status">
              {taskStatusLabel(task.data.status)}
            </span>
            {task.data.late && task.data.status !== 'completed' && task.data.status !== 'cancelled' && <span className="tag tag--late">Running late</span>}
          </p>
          <CarPhoto src={task.data.carPhotos?.primaryPhoto} alt={`${task.data.carMake} ${task.data.carModel}`} eager />
          <dl className="task-facts">
            <div>
              <dt>Guest</dt>
              <dd>{task.data.guestName}</dd>
            </div>
            <div>
              <dt>{task.data.taskType === 'return_to_host' ? 'Trip ends' : 'Trip starts'}</dt>
              <dd data-testid="task-time">{formatInTimeZone(task.data.scheduledTime, task.data.timeZone)}</dd>
            </div>
            <div>
              <dt>Pickup</dt>
              <dd>
                {placeLine(task.data.pickupLocation)} <Directions place={task.data.pickupLocation} label="pickup" />
              </dd>
            </div>
            {task.data.etaPickup && (
              <div>
                <dt>Planned at pickup</dt>
                <dd>{formatInTimeZone(task.data.etaPickup, task.data.timeZone)}</dd>
              </div>
            )}
            <div>
              <dt>Delivery</dt>
              <dd>
                {placeLine(task.data.deliveryLocation)} <Directions place={task.data.deliveryLocation} label="delivery" />
              </dd>
            </div>
            {task.data.etaDelivery && (
              <div>
                <dt>Planned at delivery</dt>
                <dd>{formatInTimeZone(task.data.etaDelivery, task.data.timeZone)}</dd>
              </div>
            )}
          </dl>
          <h2>Progress</h2>
          <StepProgress task={task.data} />
          {task.data.status === 'cancelled' ? (
            <p className="panel" role="status">
              This task was cancelled.
            </p>
          ) : !task.data.nextStep ? (
            <p className="panel" role="status" data-testid="task-done">
              Every step of this task is recorded.
            </p>
          ) : (
            <RecordStep task={task.data} />
          )}
        </>
      )}
    </main>
  );
}
