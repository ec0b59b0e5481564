import { useEffect, useState } from 'react';

const MESSAGES = [
  'Warming up the engine...',
  'Checking the tyre pressure...',
  'Polishing the chrome...',
  'Adjusting the mirrors...',
  'Filling up the tank...',
  'Plotting the best route...',
  'Buckling up...',
];

/** Full-screen loading with car-themed messages every 3 s from a random start (spec 000 section 2.1). */
export function LoadingScreen() {
  const [i, setI] = useState(() => Math.floor(Math.random() * MESSAGES.length));
  useEffect(() => {
    const t = window.setInterval(() => setI((x) => (x + 1) % MESSAGES.length), 3000);
    return () => window.clearInterval(t);
  }, []);
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen__spinner" aria-hidden="true" />
      <p>{MESSAGES[i]}</p>
    </div>
  );
}

export { MESSAGES as LOADING_MESSAGES };
