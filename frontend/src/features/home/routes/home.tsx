import { useEffect } from 'react';
import { SearchHero } from '../components/search-hero';
import { HandpickedCars } from '../components/handpicked-cars';
import { AppSection, BecomeHostBanner, BuiltForProfessionals, ComparisonTable, GiveawayPromo, LongTermPromo } from '../components/static-sections';
import { FeaturedCar } from '../components/featured-car';
import { Testimonials } from '../components/testimonials';
import { Faq } from '../components/faq';
import { PromoDialog } from '../components/promo-dialog';

/** Home: every section of spec 000 section 2.1, in order. */
export default function HomeRoute() {
  useEffect(() => {
    document.title = 'Upcar: premium cars, delivered';
  }, []);
  return (
    <main id="main" className="home">
      <SearchHero />
      <HandpickedCars />
      <ComparisonTable />
      <GiveawayPromo />
      <BuiltForProfessionals />
      <FeaturedCar />
      <LongTermPromo />
      <Testimonials />
      <BecomeHostBanner />
      <Faq />
      <AppSection />
      <PromoDialog />
    </main>
  );
}
