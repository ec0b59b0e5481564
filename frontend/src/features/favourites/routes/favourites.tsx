import { useEffect } from 'react';
import { Link } from 'react-router';
import { useFavCars } from '@/api/get-fav-cars';
import { CarCardMeta } from '@/components/car-card-meta';
import { CarPhoto } from '@/components/car-photo';
import { FavouriteButton } from '@/components/favourite-button';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { homeCardRange } from '@/lib/dates';
import { money } from '@/lib/format';
import { carUrl } from '@/lib/links';

/** /favourites: the cars the member saved with the heart, most recently saved first. */
export default function FavouritesRoute() {
  const session = useSession();
  const prompt = useAuthPrompt();
  const favs = useFavCars();
  const range = homeCardRange();
  useEffect(() => {
    document.title = 'Favourites | Upcar';
  }, []);
  return (
    <main id="main" className="page" data-testid="favourites-page">
      <h1>Favourites</h1>
      {!session ? (
        <>
          <p>Log in to see the cars you saved.</p>
          <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
            Log in
          </button>
        </>
      ) : favs.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : favs.isError ? (
        <p role="alert">{errorMessage(favs.error, 'Your favourites could not be loaded.')}</p>
      ) : favs.data.data.length === 0 ? (
        <div className="empty">
          <p>Save a car with the heart on its card and it shows here.</p>
          <Link to="/search" className="btn btn--primary">
            Find a car
          </Link>
        </div>
      ) : (
        <ul className="grid grid--cards">
          {favs.data.data.map((c) => {
            const name = `${c.carYear} ${c.make} ${c.model}`;
            return (
              <li key={c._id} className="card" data-testid="favourite-card">
                <Link className="card__link" to={carUrl(c._id, range)}>
                  <CarPhoto src={c.primaryPhotoUrl} alt={name} />
                  <div className="card__body">
                    <h2 className="card__title">{name}</h2>
                    <CarCardMeta totalRating={c.totalRating} city={c.address.city} state={c.address.state} tripCount={c.tripCount} />
                    <p className="card__price">{money(c.dailyPrice)}/day</p>
                  </div>
                </Link>
                <FavouriteButton carId={c._id} initial carName={name} className="card__fav" />
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
