import { useState } from 'react';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240"><rect width="400" height="240" fill="#eceff3"/><path d="M90 160l30-50h160l30 50v30h-30v-15H120v15H90z" fill="#c4cad3"/><circle cx="135" cy="178" r="14" fill="#9aa3af"/><circle cx="265" cy="178" r="14" fill="#9aa3af"/></svg>',
  );

/** A car photo; a failed load shows a placeholder car (spec 000 section 2.1). Fixed aspect ratio, so no layout shift. */
export function CarPhoto({ src, alt, eager, className = '' }: { src?: string | null; alt: string; eager?: boolean; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={`car-photo ${className}`}
      src={!src || failed ? PLACEHOLDER : src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      width={400}
      height={240}
      onError={() => setFailed(true)}
    />
  );
}
