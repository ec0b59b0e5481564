import { Skeleton } from '@/components/skeleton';
import { useHost } from '@/api/get-host';

export function HostCard({ hostId }: { hostId: string }) {
  const q = useHost(hostId, { staleTime: 5 * 60_000 });
  return (
    <section className="car-section host-card" aria-labelledby="host-title">
      <h2 id="host-title">Hosted by</h2>
      {q.isPending ? (
        <Skeleton className="skeleton--line" />
      ) : q.isError ? (
        <p className="muted">Failed to fetch host details</p>
      ) : (
        <a href={`/user-profile/${q.data._id}`} target="_blank" rel="noopener" className="host-card__link">
          {q.data.profilePic ? <img src={q.data.profilePic} alt="" width={48} height={48} className="avatar" /> : <span className="avatar avatar--initial" aria-hidden="true">{q.data.firstName.slice(0, 1)}</span>}
          <span>
            <strong>
              {q.data.firstName} {q.data.lastName}
            </strong>
            <span className="muted">
              {' '}
              ★ {q.data.rating.toFixed(1)} · {q.data.tripCount} trips · joined {new Date(q.data.joinedDate).getFullYear()}
            </span>
          </span>
        </a>
      )}
    </section>
  );
}
