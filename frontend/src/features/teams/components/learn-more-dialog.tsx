import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/modal';
import { PRICING_NOTE, SLIDES } from '../lib/learn-more';

/** The "Learn more" dialog of /host/teams: 4 slides, Previous and Next, and on the last 'Create Group'. */
export function LearnMoreDialog({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const navigate = useNavigate();
  const slide = SLIDES[index];
  const last = index === SLIDES.length - 1;
  return (
    <Modal title="Co-host teams" onClose={onClose} size="md">
      <section className="teams-slide" aria-roledescription="slide" aria-label={`${index + 1} of ${SLIDES.length}`} aria-live="polite">
        <p className="muted teams-slide__count">
          {index + 1} of {SLIDES.length}
        </p>
        <h3>{slide.title}</h3>
        {slide.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {slide.points && (
          <ul>
            {slide.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {index === 1 && <p>{PRICING_NOTE}</p>}
      </section>
      <div className="teams-slide__nav">
        <button type="button" className="btn btn--outline" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
          Previous
        </button>
        {last ? (
          <button type="button" className="btn btn--primary" onClick={() => navigate('/host/teams/create')}>
            Create Group
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => setIndex((i) => i + 1)}>
            Next
          </button>
        )}
      </div>
    </Modal>
  );
}
