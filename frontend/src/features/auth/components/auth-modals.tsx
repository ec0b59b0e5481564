import { useAuthPrompt } from '@/lib/auth';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginModal } from './login-modal';
import { SignUpModal } from './sign-up-modal';

/** Mounted once by the app: at most one of login, sign-up and forgot-password is open. */
export function AuthModals() {
  const { state, switchTo, close } = useAuthPrompt();
  if (state.mode === 'login')
    return <LoginModal onClose={() => close(false)} onSuccess={() => close(true)} onSwitchToSignUp={() => switchTo('signup')} onForgot={() => switchTo('forgot')} />;
  if (state.mode === 'signup') return <SignUpModal onClose={() => close(false)} onSuccess={() => close(true)} onSwitchToLogin={() => switchTo('login')} />;
  if (state.mode === 'forgot') return <ForgotPasswordDialog onClose={() => close(false)} onSuccess={() => close(true)} />;
  return null;
}
