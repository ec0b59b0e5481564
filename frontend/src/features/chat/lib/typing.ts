/** Typing goes out about 500 ms after a change (spec 000 sections 4.7, 9). */
export const TYPING_DELAY_MS = 500;
/** ... and stops after 2 s without a change. */
export const TYPING_IDLE_MS = 2000;
/** While typing goes on, it is said again at most this often (the server forgets it 2 s after the last). */
export const TYPING_REPEAT_MS = 1000;

export type TypingSender = {
  /** The text changed. */
  changed: () => void;
  /** A message was sent, or the room is left: stop now if typing was said. */
  stop: () => void;
  dispose: () => void;
};

/**
 * The typing state of the composer: `send(true)` about 500 ms after a change (again at most once a
 * second while changes go on), `send(false)` 2 s after the last change, or at once on `stop()`.
 */
export function createTypingSender(send: (isTyping: boolean) => void, now: () => number = Date.now): TypingSender {
  let delay: ReturnType<typeof setTimeout> | null = null;
  let idle: ReturnType<typeof setTimeout> | null = null;
  let typing = false;
  let lastSaid = -Infinity;

  const clear = () => {
    if (delay) clearTimeout(delay);
    if (idle) clearTimeout(idle);
    delay = null;
    idle = null;
  };
  const stop = () => {
    clear();
    if (typing) {
      typing = false;
      lastSaid = -Infinity;
      send(false);
    }
  };
  return {
    changed() {
      if (idle) clearTimeout(idle);
      idle = setTimeout(stop, TYPING_IDLE_MS);
      if (delay || now() - lastSaid < TYPING_REPEAT_MS) return;
      delay = setTimeout(() => {
        delay = null;
        typing = true;
        lastSaid = now();
        send(true);
      }, TYPING_DELAY_MS);
    },
    stop,
    dispose: clear,
  };
}
