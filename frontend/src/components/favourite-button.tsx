import { useFavCars } from '@/api/get-fav-cars';
import { useToggleFavourite } from '@/api/toggle-favourite';
import { ApiError, isDeadSession } from '@/lib/api-client';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { clearSession } from '@/lib/session';
import { useToast } from './toast';

/**
 * The heart on cards and the car page. `initial` is the `isFav` the car came with; once the
 * favourites list is loaded it is the truth. Logged-out visitors get the login prompt.
 */
export function FavouriteButton({ carId, initial, carName, className = '' }: { carId: string; initial: boolean; carName: string; className?: string }) {
  const session = useSession();
  const favs = useFavCars();
  const toggle = useToggleFavourite();
  const prompt = useAuthPrompt();
  const toast = useToast();
  const isFav = session ? (favs.data ? favs.data.favoriteCars.includes(carId) : initial) : false;

  const onClick = (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!session) {
      prompt.open('signup');
      return;
    }
    toggle.mutate(
      { carId, favourite: !isFav },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) {
            // An ended session (expired, revoked) has taken the user to log in, back here after;
            // any other refusal of the token asks to sign up (spec 000 section 4.2).
            if (!isDeadSession(err.status, err.code)) {
              clearSession();
              prompt.open('signup');
            }
          } else {
            toast.show('Could not update favourites. Please try again.', 'error');
          }
        },
      },
    );
  };

  return (
    <button
      type="button"
      className={`fav-btn ${isFav ? 'fav-btn--on' : ''} ${className}`}
      aria-pressed={isFav}
      aria-label={isFav ? `Remove ${carName} from favourites` : `Add ${carName} to favourites`}
      onClick={onClick}
      data-testid="fav-button"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.5 1.2 5.5 3.2C14 6.2 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
