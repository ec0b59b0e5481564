/**
 * The environment, read once and validated. Vite inlines `import.meta.env` at build time;
 * nothing else in the app reads it.
 */
export type Env = {
  /** Base URL of the gateway; empty means the same origin that served the app. */
  apiUrl: string;
  /** A Mapbox token turns on Mapbox styles; without one the map uses MapLibre and the style shipped in the repo. */
  mapboxToken: string | null;
};

export function parseEnv(raw: Record<string, unknown>): Env {
  const apiUrl = typeof raw.VITE_API_URL === 'string' ? raw.VITE_API_URL.trim() : '';
  if (apiUrl && !/^https?:\/\/[^/]+/.test(apiUrl)) {
    throw new Error(`VITE_API_URL must be an http(s) URL, got "${apiUrl}"`);
  }
  const token = typeof raw.VITE_MAPBOX_TOKEN === 'string' ? raw.VITE_MAPBOX_TOKEN.trim() : '';
  if (token && !/^pk\./.test(token)) {
    throw new Error('VITE_MAPBOX_TOKEN must be a public Mapbox token (pk.*)');
  }
  return { apiUrl: apiUrl.replace(/\/$/, ''), mapboxToken: token || null };
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>);
