import { Link } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { useFeaturedCar } from '../api/get-featured-car';

/** Featured car with Rent Now; hidden when the call fails (spec 000 section 8). */
export function FeaturedCar() {
  const q = useFeaturedCar();
  if (q.isError) return null;
  return (
    <section className="section featured" aria-labelledby="featured-title">
      <h2 id="featured-title" className="section__title">
        Featured car
      </h2>
      <div className="featured__box">
        <CarPhoto src={q.data?.carImageUrl} alt="Featured car" />
        <div>
          <p className="featured__msg">{q.data?.message ?? '\u00a0'}</p>
          {q.data && (
            <Link className="btn btn--primary" to={`/car/${q.data.carId}`}>
              Rent Now
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
