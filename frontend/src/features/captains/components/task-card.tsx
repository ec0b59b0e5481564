import { Link } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { placeLine, taskStatusLabel, taskTypeLabel, timeAt, type CaptainTask } from '../lib/steps';

/** One task of the day (spec 001 section 2): opens /captains/{taskId}?date={date}. */
export function TaskCard({ task, date }: { task: CaptainTask; date: string }) {
  const car = `${task.carMake} ${task.carModel}`.trim();
  return (
    <Link className="task-card card__link" to={`/captains/${encodeURIComponent(task.taskId)}?date=${date}`} data-testid="task-card">
      <CarPhoto src={task.carPhotos?.primaryPhoto} alt={car || 'Car'} className="task-card__photo" />
      <div className="task-card__body">
        <p className="task-card__tags">
          <span className="task-card__order" aria-hidden="true">
            {task.routeOrder}
          </span>
          <span className={`tag tag--${task.taskType}`}>{taskTypeLabel(task.taskType)}</span>
          <span className={`tag tag--${task.status}`} data-testid="task-status">
            {taskStatusLabel(task.status)}
          </span>
          {task.late && task.status !== 'completed' && task.status !== 'cancelled' && <span className="tag tag--late">Running late</span>}
        </p>
        <h3 className="card__title">{car}</h3>
        <dl className="task-facts">
          <div>
            <dt>Guest</dt>
            <dd>{task.guestName}</dd>
          </div>
          <div>
            <dt>Scheduled</dt>
            <dd data-testid="task-time">{timeAt(task.scheduledTime, task.timeZone)}</dd>
          </div>
          <div>
            <dt>Pickup</dt>
            <dd>{placeLine(task.pickupLocation)}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{placeLine(task.deliveryLocation)}</dd>
          </div>
        </dl>
      </div>
    </Link>
  );
}
