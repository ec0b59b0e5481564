import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getSession, subscribeSession, type Session } from './session';

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export type AuthMode = 'login' | 'signup' | 'forgot';

export type AuthPromptOptions = {
  /** Runs after a successful login or sign-up (the booking gate, a pending report). */
  onSuccess?: () => void;
  /** Runs when the modal is closed without success (clears pending flags). */
  onClose?: () => void;
};

type AuthPromptState = { mode: AuthMode | null; options: AuthPromptOptions };

type AuthPromptApi = {
  state: AuthPromptState;
  open: (mode: AuthMode, options?: AuthPromptOptions) => void;
  /** Switch between login and sign-up without losing the callbacks: the modals are mutually exclusive. */
  switchTo: (mode: AuthMode) => void;
  close: (succeeded?: boolean) => void;
};

const Ctx = createContext<AuthPromptApi | null>(null);

/**
 * Any feature may ask for a login; the app mounts the modals (features do not import each
 * other, so the request goes through this context).
 */
export function AuthPromptProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthPromptState>({ mode: null, options: {} });
  const open = useCallback((mode: AuthMode, options: AuthPromptOptions = {}) => setState({ mode, options }), []);
  const switchTo = useCallback((mode: AuthMode) => setState((s) => ({ ...s, mode })), []);
  const close = useCallback((succeeded = false) => {
    setState((s) => {
      if (succeeded) queueMicrotask(() => s.options.onSuccess?.());
      else queueMicrotask(() => s.options.onClose?.());
      return { mode: null, options: {} };
    });
  }, []);
  const value = useMemo(() => ({ state, open, switchTo, close }), [state, open, switchTo, close]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAuthPrompt(): AuthPromptApi {
  const v = useContext(Ctx);
  if (!v) throw new Error('useAuthPrompt outside AuthPromptProvider');
  return v;
}
