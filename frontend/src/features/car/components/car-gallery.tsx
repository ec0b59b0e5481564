import { useEffect, useState } from 'react';
import { CarPhoto } from '@/components/car-photo';
import { Modal } from '@/components/modal';

/** Main photo, thumbnails and "View All Images" with a share button (spec 000 section 2.3). */
export function CarGallery({ photos, name }: { photos: string[]; name: string }) {
  const [main, setMain] = useState(0);
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
      <div className="gallery__main">
        <CarPhoto src={photos[main]} alt={`${name}, photo ${main + 1}`} eager />
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
