import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginModal } from '../components/login-modal';
import { useAuthPrompt } from '@/lib/auth';

function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * `/login-static?nextPage=`: the login form as a page; after login, `nextPage` (a path of this
 * site). An ended session comes here with the page it was on and says so (`state.notice`).
 */
export default function LoginStaticRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const prompt = useAuthPrompt();
  const next = safeNext(params.get('nextPage'));
  return (
    <main className="page page--narrow" id="main">
      <h1>Log in</h1>
      <LoginModal notice={notice} onClose={() => navigate('/')} onSuccess={() => navigate(next, { replace: true })} onSwitchToSignUp={() => prompt.open('signup', { onSuccess: () => navigate(next) })} onForgot={() => prompt.open('forgot')} />
    </main>
  );
}
