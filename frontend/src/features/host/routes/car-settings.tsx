import { useEffect } from 'react';
import { Link, NavLink, Navigate, useNavigate, useParams } from 'react-router';
import { useHostTeams } from '@/api/get-host-teams';
import { Skeleton } from '@/components/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCarListing, type CarListing } from '@/api/get-car-listing';
import { DeleteCar, DetailsForm, ExtrasForm, InstructionsForm, PhotosForm, PreferencesForm, StatusForm } from '../components/car-forms';
import { PricingForm } from '../components/pricing-form';
import { CalendarForm } from '../components/calendar-form';
import { carAccess, type CarAccess } from '../lib/car-access';

const SECTIONS = [
  { path: 'edit-pricing', label: 'Pricing' },
  { path: 'details', label: 'Details' },
  { path: 'photos', label: 'Photos' },
  { path: 'extras', label: 'Extras' },
  { path: 'calendar', label: 'Calendar' },
  { path: 'preferences', label: 'Trip preferences' },
  { path: 'instructions', label: 'Guest instructions' },
  { path: 'status', label: 'Status' },
  { path: 'delete', label: 'Delete' },
] as const;

const carTitle = (c: CarListing) => [c.carYear, c.make, c.model].filter(Boolean).join(' ') || 'Your car';

function Section({ section, car, access, name }: { section: string; car: CarListing; access: CarAccess; name: string }) {
  switch (section) {
    case 'edit-pricing':
      return <PricingForm car={car} access={access} />;
    case 'details':
      return <DetailsForm car={car} access={access} />;
    case 'photos':
      return <PhotosForm car={car} access={access} />;
    case 'extras':
      return <ExtrasForm car={car} access={access} />;
    case 'calendar':
      return <CalendarForm car={car} access={access} />;
    case 'preferences':
      return <PreferencesForm car={car} access={access} />;
    case 'instructions':
      return <InstructionsForm car={car} access={access} />;
    case 'status':
      return <StatusForm car={car} access={access} />;
    default:
      return access.canDelete ? <DeleteCar car={car} name={name} /> : <Navigate to="../edit-pricing" relative="path" replace />;
  }
}

/**
 * /host/car/:id/:section: a car's settings as tabs (pricing, details, photos, extras, calendar, trip preferences,
 * guest instructions, status, delete). A co-host sees what their team does not allow read only,
 * and never the delete.
 */
export default function CarSettingsRoute() {
  const { id = '', section = 'edit-pricing' } = useParams();
  const session = useSession();
  const userId = String(session?.user.userId ?? session?.user._id ?? '');
  const car = useCarListing(id);
  const teams = useHostTeams(undefined, { enabled: Boolean(car.data) && car.data?.carListing.hostId !== userId });
  const navigate = useNavigate();
  const name = car.data ? carTitle(car.data.carListing) : 'Your car';
  useEffect(() => {
    document.title = `${name} settings | Upcar`;
  }, [name]);

  if (!SECTIONS.some((s) => s.path === section)) return <Navigate to={`/host/car/${id}/edit-pricing`} replace />;
  if (car.isPending)
    return (
      <main id="main" className="page page--narrow host-page" aria-busy="true">
        <h1>Car settings</h1>
        <Skeleton className="skeleton--block" />
      </main>
    );
  if (car.isError)
    return (
      <main id="main" className="page page--narrow host-page">
        <h1>Car settings</h1>
        <p role="alert">{car.error instanceof ApiError && car.error.status === 404 ? 'This car was not found among the cars you manage.' : errorMessage(car.error, 'Failed to fetch car data.')}</p>
        <Link to="/host/listings">Back to your listings</Link>
      </main>
    );
  const listing = car.data.carListing;
  // Waiting for the teams only matters to someone who is not the car's host.
  const access: CarAccess = carAccess(listing, userId, teams.data?.data);
  const sections = SECTIONS.filter((s) => s.path !== 'delete' || access.canDelete);
  return (
    <main id="main" className="page host-page host-car-page">
      <p>
        <Link to="/host/listings">← Listings</Link>
      </p>
      <h1>{name}</h1>
      {access.role === 'co-host' && <p className="muted">You manage this car as a co-host of “{access.teamName}”.</p>}
      <div className="field phone-only host-car-select">
        <label className="field__label" htmlFor="car-section">
          Section
        </label>
        <select id="car-section" className="input" value={section} onChange={(e) => navigate(`/host/car/${id}/${e.target.value}`)}>
          {sections.map((s) => (
            <option key={s.path} value={s.path}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label="Car settings" className="tabs host-car-tabs desktop-only">
        {sections.map((s) => (
          <NavLink key={s.path} to={`/host/car/${id}/${s.path}`} className={({ isActive }) => `tab${isActive ? ' is-active' : ''}`}>
            {s.label}
          </NavLink>
        ))}
      </nav>
      {teams.isPending && teams.fetchStatus === 'fetching' ? (
        <Skeleton className="skeleton--block" />
      ) : (
        <Section key={`${section}-${listing._id}`} section={section} car={listing} access={access} name={name} />
      )}
    </main>
  );
}
