export type Position = { latitude: number; longitude: number };

/**
 * The browser's position when it can give one within `timeoutMs`, else null (no geolocation, the
 * permission refused, no fix): a step is recorded with or without it.
 */
export function currentPosition(timeoutMs = 10_000): Promise<Position | null> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (p: Position | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      resolve(p);
    };
    // Some browsers never call back when the permission prompt is left open.
    const timer = window.setTimeout(() => finish(null), timeoutMs + 1000);
    try {
      geo.getCurrentPosition(
        (p) => finish({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
        () => finish(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      finish(null);
    }
  });
}
