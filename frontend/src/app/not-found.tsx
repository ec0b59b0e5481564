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
