import { useRef, useState, type ReactNode } from 'react';

/** The mobile list: snaps between full height and a small peek; the handle is a button too. */
export function BottomSheet({ children, title, expanded, onExpandedChange }: { children: ReactNode; title: string; expanded: boolean; onExpandedChange: (v: boolean) => void }) {
  const startY = useRef<number | null>(null);
  const [drag, setDrag] = useState(0);
  return (
    <section className={`sheet ${expanded ? 'sheet--full' : 'sheet--peek'}`} style={drag ? { transform: `translateY(${drag}px)` } : undefined} aria-label={title}>
      <button
        type="button"
        className="sheet__handle"
        aria-expanded={expanded}
        onClick={() => onExpandedChange(!expanded)}
        onTouchStart={(e) => (startY.current = e.touches[0].clientY)}
        onTouchMove={(e) => startY.current !== null && setDrag(Math.max(expanded ? 0 : -400, Math.min(expanded ? 400 : 0, e.touches[0].clientY - startY.current)))}
        onTouchEnd={() => {
          if (Math.abs(drag) > 60) onExpandedChange(drag < 0);
          setDrag(0);
          startY.current = null;
        }}
      >
        <span className="sheet__grip" aria-hidden="true" />
        {title}
      </button>
      <div className="sheet__content">{children}</div>
    </section>
  );
}
