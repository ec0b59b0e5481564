/** A random id per browser, sent as `deviceFingerprint` with logins (no tracking beyond that). */
export function deviceFingerprint(): string {
  const KEY = 'device-id';
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return 'unknown';
  }
}
