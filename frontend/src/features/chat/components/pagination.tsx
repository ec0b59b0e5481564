import { pageItems } from '../lib/rules';

/** The list's pages: the first, the last and two on each side of the current one (spec 001 section 9). */
export function Pagination({ page, numPages, onPage }: { page: number; numPages: number; onPage: (page: number) => void }) {
  const items = pageItems(page, numPages);
  if (items.length === 0) return null;
  return (
    <nav className="chat-pages" aria-label="Conversation pages">
      <ul>
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="chat-pages__gap">
              …
            </li>
          ) : (
            <li key={item}>
              <button type="button" className={`btn btn--sm ${item === page ? 'btn--primary' : 'btn--ghost'}`} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`} onClick={() => onPage(item)}>
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
