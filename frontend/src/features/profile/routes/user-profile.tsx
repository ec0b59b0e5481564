import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { Stars } from '@/components/stars';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useHost } from '@/api/get-host';
import { useMe } from '@/api/get-me';
import { useGuestReviews } from '../api/get-guest-reviews';
import { VehiclesGrid } from '../components/vehicles-grid';
import { PhoneVerification } from '../components/phone-verification';
import { VerifiedInfo } from '../components/verified-info';

/**
 * /user-profile/{id}: the public profile (no auth), the host's listed vehicles and the reviews the
 * user received. The member's own profile also lets them verify their phone number.
 */
export default function UserProfileRoute() {
  const { id = '' } = useParams();
  const profile = useHost(id, { retry: false });
  const reviews = useGuestReviews(id);
  const session = useSession();
  const own = Boolean(id && userIdOf(session?.user) === id);
  const me = useMe(own ? id : '', { retry: false });
  useEffect(() => {
    document.title = profile.data ? `${profile.data.firstName} ${profile.data.lastName} | Upcar` : 'Profile | Upcar';
  }, [profile.data]);

  if (profile.isPending)
    return (
      <main id="main" className="page page--narrow" aria-busy="true">
        <Skeleton className="skeleton--block" />
      </main>
    );
  if (profile.isError)
    return (
      <main id="main" className="page page--narrow">
        <h1>Profile</h1>
        <p role="alert">{profile.error instanceof ApiError && profile.error.status === 404 ? 'This member does not exist.' : 'Failed to fetch host details'}</p>
      </main>
    );
  const p = profile.data;
  const list = reviews.data ?? [];
  return (
    <main id="main" className="page page--narrow" data-testid="user-profile">
      <div className="host-card__link">
        {p.profilePic ? <img src={p.profilePic} alt="" width={64} height={64} className="avatar" style={{ width: 64, height: 64 }} /> : <span className="avatar avatar--initial" aria-hidden="true" style={{ width: 64, height: 64 }}>{p.firstName.slice(0, 1)}</span>}
        <div>
          <h1>
            {p.firstName} {p.lastName}
          </h1>
          <p className="muted">
            ★ {p.rating.toFixed(1)} · {p.tripCount} trips · joined {new Date(p.joinedDate).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}
          </p>
        </div>
      </div>
      <VerifiedInfo v={{ ...p, isMobileVerified: p.isMobileVerified || me.data?.isMobileVerified === true }}>
        {own && me.data && <PhoneVerification userId={id} phone={me.data.phoneNumber} verified={me.data.isMobileVerified} />}
      </VerifiedInfo>
      <VehiclesGrid ownerId={p._id || id} />
      <section className="car-section" aria-labelledby="user-reviews-title">
        <h2 id="user-reviews-title">User Reviews</h2>
        {reviews.isPending ? (
          <Skeleton className="skeleton--block" />
        ) : list.length === 0 ? (
          <p>No reviews yet.</p>
        ) : (
          <ul className="reviews">
            {list.map((r, i) => (
              <li key={`${r.reviewTime}-${i}`} className="review">
                <strong>{r.fromUserName}</strong>
                <Stars value={r.stars} />
                <time dateTime={r.reviewTime}>{new Date(r.reviewTime).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}</time>
                <p>{r.review || 'No review message provided.'}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
