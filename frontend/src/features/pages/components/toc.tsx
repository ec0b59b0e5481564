import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type TocEntry = { id: string; n: number; title: string };

/** Smooth, unless the visitor asked for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls to the element with that id and moves focus to it (without a second jump), so keyboard and screen-reader users land there too. */
export function scrollToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  el.focus({ preventScroll: true });
}

/** Scrolls to the section the URL's hash names: on arrival (`/terms/conditions#exclusion`) and at every change of hash. */
export function useHashScroll(ready = true) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash, ready]);
}

/**
 * The table of contents: one link per numbered section. A click writes the section into the
 * hash (so it can be shared and the back button returns) and the hash scroll takes it there;
 * the same entry clicked again scrolls again.
 */
export function TableOfContents({ entries, label = 'Contents' }: { entries: TocEntry[]; label?: string }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  return (
    <nav className="pg-toc" aria-label={label}>
      <h2 className="pg-toc__title">{label}</h2>
      <ol className="pg-toc__list">
        {entries.map((e) => (
          <li key={e.id}>
            <a
              href={`#${e.id}`}
              onClick={(ev) => {
                if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
                ev.preventDefault();
                if (hash === `#${e.id}`) scrollToSection(e.id);
                else navigate({ hash: e.id }, { preventScrollReset: true });
              }}
            >
              <span className="pg-toc__n">{e.n}.</span> {e.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
