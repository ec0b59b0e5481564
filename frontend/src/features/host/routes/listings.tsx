import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { CardSkeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { money } from '@/lib/format';
import { useDraftListing } from '@/api/get-car-listing';
import { useHostCars, type HostCar } from '../api/get-host-cars';
import { Pager } from '../components/pager';
import { parsePage } from '../lib/pagination';

const STATUS: Record<string, string> = {
  pending: 'Pending review',
  active: 'Listed',
  listed: 'Listed',
  snoozed: 'Snoozed',
  unlisted: 'Unlisted',
  rejected: 'Rejected',
  draft: 'Draft',
};

export const carName = (c: Pick<HostCar, 'make' | 'model' | 'carYear'>) => [c.carYear, c.make, c.model].filter(Boolean).join(' ') || 'Your car';

function CarRow({ car }: { car: HostCar }) {
  const name = carName(car);
  return (
    <li className="card host-car" data-testid="host-car">
      <CarPhoto src={car.primaryPhotoUrl ?? car.photoUrls[0]} alt={name} />
      <div className="card__body">
        <h2 className="card__title">{name}</h2>
        <p className="muted">Plate {car.licensePlate || '—'}</p>
        <p>
          <span className={`tag host-status host-status--${car.status}`} data-testid="host-car-status">
            {STATUS[car.status] ?? car.status}
          </span>
        </p>
        {car.status === 'rejected' && car.rejectionReason && <p className="host-reason">Reason: {car.rejectionReason}</p>}
        <p className="card__price">{car.dailyPrice != null ? `${money(car.dailyPrice)} / day` : 'No price yet'}</p>
        <Link className="btn btn--outline btn--sm" to={`/host/car/${car._id}/edit-pricing`} aria-label={`Manage ${name}`}>
          Manage
        </Link>
      </div>
    </li>
  );
}

/** /host/listings: the host's cars, 9 a page, the wizard's draft to continue, or the way to list a first car. */
export default function ListingsRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const cars = useHostCars(page);
  const draft = useDraftListing(String(session?.user.userId ?? session?.user._id ?? ''));
  useEffect(() => {
    document.title = 'Your listings | Upcar';
  }, []);
  const hasDraft = draft.data?.hasExistingListing;
  const empty = cars.data && cars.data.total === 0;
  return (
    <main id="main" className="page host-page">
      <h1>Listings</h1>
      {hasDraft && (
        <div className="panel host-draft" data-testid="host-draft">
          <p>You have a listing in progress.</p>
          <Link className="btn btn--primary" to="/host/become-host">
            Continue listing
          </Link>
        </div>
      )}
      {cars.isPending ? (
        <div className="grid grid--cards" role="status" aria-busy="true" aria-label="Loading your cars">
          {[0, 1, 2].map((i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : cars.isError ? (
        <p role="alert">{errorMessage(cars.error, 'Your cars could not be loaded.')}</p>
      ) : empty ? (
        !hasDraft && (
          <div className="empty" data-testid="host-cars-empty">
            <h2>No cars listed yet</h2>
            <p>List your car and start earning.</p>
            <Link className="btn btn--primary" to="/host/become-host">
              List your car
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="muted">{cars.data.total === 1 ? '1 car' : `${cars.data.total} cars`}</p>
          <ul className="grid grid--cards host-cars" aria-label="Your cars">
            {cars.data.data.map((c) => (
              <CarRow key={c._id} car={c} />
            ))}
          </ul>
          <Pager page={page} totalPages={Number(cars.data.totalPages)} label="Pages of cars" onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
        </>
      )}
    </main>
  );
}
