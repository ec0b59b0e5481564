import { Link } from 'react-router';
import { TableOfContents, useHashScroll } from '../components/toc';
import { MORE_TERMS, TERMS_SECTIONS, type TermsSection } from '../components/terms-content';
import { useTitle } from '../lib/use-title';
import '../pages.css';

function Section({ s }: { s: TermsSection }) {
  return (
    <section className="pg-terms__section" aria-labelledby={s.id}>
      {/* The anchor is the section's heading: focus lands on it after a jump. */}
      <h2 id={s.id} tabIndex={-1} className="pg-terms__heading">
        {s.n ? `${s.n}. ` : ''}
        {s.title}
      </h2>
      {s.body}
    </section>
  );
}

/** /terms/conditions: the terms of service with a table of contents of the eighteen sections. */
export default function TermsRoute() {
  useTitle('Terms and conditions');
  useHashScroll();
  return (
    <main id="main" className="page pg-doc">
      <h1>Terms and conditions</h1>
      <p className="muted">These terms apply to everyone who uses Upcar: guests, owners (Uppers), co-hosts and captains.</p>
      <div className="pg-doc__layout">
        <TableOfContents entries={TERMS_SECTIONS.map((s) => ({ id: s.id, n: s.n ?? 0, title: s.title }))} />
        <div className="pg-doc__body">
          {TERMS_SECTIONS.map((s) => (
            <Section key={s.id} s={s} />
          ))}
          {MORE_TERMS.map((s) => (
            <Section key={s.id} s={s} />
          ))}
          <aside className="pg-doc__related" aria-label="Related policies">
            <h2>Related policies</h2>
            <ul>
              <li>
                <Link to="/terms/cancellation">Cancellation policy</Link>
              </li>
              <li>
                <Link to="/terms/owner/protectionplans">Protection plans</Link>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </main>
  );
}
