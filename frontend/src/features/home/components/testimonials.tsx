import { useRef, useState } from 'react';

export const TESTIMONIALS = [
  { name: 'Priya S.', role: 'Product manager, San Jose', text: 'The car was waiting at my hotel when I landed. No counter, no upsell, just the keys.' },
  { name: 'Marcus L.', role: 'Consultant, Los Angeles', text: 'I rent monthly while on a project. Half the price of the agency and a much nicer car.' },
  { name: 'Hannah K.', role: 'Nurse, Fremont', text: 'Booking took two minutes and the host was lovely. Pickup was at my door.' },
  { name: 'Diego R.', role: 'Engineer, San Francisco', text: 'Every guest is verified, so hosts trust you. It shows in how they treat you.' },
  { name: 'Olivia T.', role: 'Architect, Oakland', text: 'Clear prices, no hidden fees. What I saw on the page is what I paid.' },
];

/** Desktop-only carousel: previous/next wrap around and are locked for 300 ms after each click. */
export function Testimonials() {
  const [i, setI] = useState(0);
  const locked = useRef(false);
  const go = (d: number) => {
    if (locked.current) return;
    locked.current = true;
    setI((x) => (x + d + TESTIMONIALS.length) % TESTIMONIALS.length);
    window.setTimeout(() => (locked.current = false), 300);
  };
  const t = TESTIMONIALS[i];
  return (
    <section className="section testimonials desktop-only" aria-labelledby="testimonials-title" aria-roledescription="carousel">
      <h2 id="testimonials-title" className="section__title">
        What guests say
      </h2>
      <figure className="testimonial" aria-live="polite" data-testid="testimonial">
        <blockquote>“{t.text}”</blockquote>
        <figcaption>
          {t.name}, {t.role}
        </figcaption>
      </figure>
      <div className="testimonials__nav">
        <button type="button" className="icon-btn" aria-label="Previous testimonial" onClick={() => go(-1)}>
          ‹
        </button>
        <span>
          {i + 1} / {TESTIMONIALS.length}
        </span>
        <button type="button" className="icon-btn" aria-label="Next testimonial" onClick={() => go(1)}>
          ›
        </button>
      </div>
    </section>
  );
}
