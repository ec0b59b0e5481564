import { CarPhoto } from '@/components/car-photo';
import type { VehicleOption } from '../api/get-team';

/** Cars to tick, each with its photo, name and plate; a car of another team shows which and cannot be ticked. */
export function VehiclePicker({
  legend,
  vehicles,
  selected,
  onToggle,
  takenBy,
}: {
  legend: string;
  vehicles: VehicleOption[];
  selected: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  /** Car id -> the name of the other team it is in. */
  takenBy?: Map<string, string>;
}) {
  return (
    <fieldset className="teams-vehicles">
      <legend className="field__label">{legend}</legend>
      <ul className="teams-vehicles__list">
        {vehicles.map((v) => {
          const other = takenBy?.get(v.id);
          const id = `vehicle-${v.id}`;
          return (
            <li key={v.id} className={`teams-vehicle${selected.includes(v.id) ? ' is-selected' : ''}`}>
              <input id={id} type="checkbox" checked={selected.includes(v.id)} disabled={Boolean(other)} onChange={(e) => onToggle(v.id, e.target.checked)} aria-describedby={other ? `${id}-other` : undefined} />
              <label htmlFor={id} className="teams-vehicle__label">
                <CarPhoto src={v.photoUrl} alt="" className="teams-vehicle__photo" />
                <span className="teams-vehicle__name">{v.name}</span>
                <span className="muted">{v.licensePlate || 'No plate'}</span>
                {other && (
                  <span id={`${id}-other`} className="muted">
                    In team {other}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
