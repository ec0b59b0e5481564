import { Link } from 'react-router';

export default function NotFoundRoute() {
  return (
    <main id="main" className="page page--narrow" data-testid="not-found">
      <h1>Page not found</h1>
      <p>We could not find what you were looking for.</p>
      <Link to="/" className="btn btn--primary">
        Back to home
      </Link>
    </main>
  );
}

export function ComingSoonRoute() {
  return (
    <main id="main" className="page page--narrow">
      <h1>Coming soon</h1>
      <p>This page is not part of the guest web app yet.</p>
      <Link to="/">Back to home</Link>
    </main>
  );
}
