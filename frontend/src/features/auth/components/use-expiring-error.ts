import { useCallback, useEffect, useState } from 'react';

/** Login errors show only their first sentence and clear after 10 s (spec 002 section 5). */
export function firstSentence(s: string): string {
  const m = /^(.*?[.!?])(\s|$)/.exec(s.trim());
  return m ? m[1] : s.trim();
}

export function useExpiringError(ms = 10_000) {
  const [error, setErrorState] = useState<string | null>(null);
  useEffect(() => {
    if (!error) return;
    const t = window.setTimeout(() => setErrorState(null), ms);
    return () => window.clearTimeout(t);
  }, [error, ms]);
  const setError = useCallback((e: string | null) => setErrorState(e ? firstSentence(e) : null), []);
  return [error, setError] as const;
}
