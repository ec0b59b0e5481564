import { Link } from 'react-router';

/** A page the app links to that is not built yet. */
export function ComingSoon() {
  return (
    <main id="main" className="page page--narrow">
      <h1>Coming soon</h1>
      <p>This page is not part of the web app yet.</p>
      <Link to="/">Back to home</Link>
    </main>
  );
}
