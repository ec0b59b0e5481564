import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { CarPhoto } from '@/components/car-photo';
import { Modal } from '@/components/modal';

/** How far a finger moves sideways for a swipe to turn the photo (px). */
const SWIPE_PX = 40;

/**
 * Main photo, thumbnails and "View All Images" with a share button (spec 000 section 2.3). The
 * main photo says which of how many it is and turns with its arrows, the arrow keys and a
 * swipe, going round at either end.
 */
export function CarGallery({ photos, name }: { photos: string[]; name: string }) {
  const [main, setMain] = useState(0);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = photos.length;
  const turn = (by: number) => setMain((m) => (count ? (m + by + count) % count : 0));
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    // Sideways more than down: a swipe, not a scroll of the page.
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - from.y)) turn(dx < 0 ? 1 : -1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') turn(1);
    else if (e.key === 'ArrowLeft') turn(-1);
    else return;
    e.preventDefault();
  };
  const [all, setAll] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(t);
  }, [copied]);
  const share = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied(true);
    } catch (e) {
      console.warn('link copy failed', e);
    }
  };
  return (
    <div className="gallery">
      <div
        className="gallery__main"
        role="group"
        aria-roledescription="carousel"
        aria-label={`${name} photos`}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        onTouchStart={count > 1 ? onTouchStart : undefined}
        onTouchEnd={count > 1 ? onTouchEnd : undefined}
        data-testid="gallery-main"
      >
        <CarPhoto src={photos[main]} alt={`${name}, photo ${main + 1} of ${count}`} eager />
        {count > 1 && (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label="Previous photo" onClick={() => turn(-1)}>
              ‹
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label="Next photo" onClick={() => turn(1)}>
              ›
            </button>
            <span className="gallery__count" aria-live="polite" data-testid="gallery-count">
              {main + 1} / {count}
            </span>
          </>
        )}
      </div>
      <div className="gallery__thumbs">
        {photos.slice(0, 4).map((p, i) => (
          <button key={p + i} type="button" className={`gallery__thumb ${i === main ? 'is-active' : ''}`} onClick={() => setMain(i)} aria-label={`Show photo ${i + 1}`} aria-pressed={i === main}>
            <CarPhoto src={p} alt="" />
          </button>
        ))}
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setAll(true)}>
          View All Images
        </button>
      </div>
      {all && (
        <Modal title={`${name}: all photos`} onClose={() => setAll(false)} size="lg">
          <button type="button" className="btn btn--outline btn--sm" onClick={share}>
            Share
          </button>
          {copied && (
            <p role="status" className="form__success">
              Your link has been copied
            </p>
          )}
          <div className="gallery__all">
            {photos.map((p, i) => (
              <CarPhoto key={p + i} src={p} alt={`${name}, photo ${i + 1}`} />
            ))}
          </div>
        </Modal>
      )}
    </div>
  );
}
