import { lazy, Suspense, useEffect, useState } from 'react';
import { getMe, type Me } from './api/auth';
import { onSessionEnded } from './api/client';
import { Header } from './components/layout/header';
import { Screens } from './components/layout/screens';
import { ErrorMessage, Loading } from './components/ui/states';
import { useRouter } from './router/router';
import { parseRoute } from './router/routes';
import { takeReturnPath } from './lib/return-path';

// Only a visitor who is not signed in sees it: a signed-in screen does not carry it.
const SignInPage = lazy(() =>
  import('./components/layout/sign-in-page').then((module) => ({ default: module.SignInPage })),
);

/** Who is signed in decides everything else: the sign-in page, or the editor's screens. */
export function App() {
  const [me, setMe] = useState<Me | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [sessionEnded, setSessionEnded] = useState(false);
  const { navigate } = useRouter();

  const ask = () => getMe().then(setMe, (cause: Error) => setError(cause.message));
  const retry = () => {
    setError(undefined);
    void ask();
  };

  useEffect(() => {
    void ask();
    onSessionEnded(() => {
      setSessionEnded(true);
      setMe({ authenticated: false });
    });
    return () => onSessionEnded(undefined);
  }, []);

  // Back from sign-in: return to the screen the person was on when they left.
  useEffect(() => {
    if (!me?.authenticated) return;
    const path = takeReturnPath();
    if (path && path !== location.pathname + location.search)
      navigate(parseRoute(path), { replace: true, force: true });
  }, [me, navigate]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header
        username={me?.authenticated ? me.username : undefined}
        onSignedOut={() => setMe({ authenticated: false })}
      />
      <main id="main" className="main" tabIndex={-1}>
        {error && <ErrorMessage error={error} onRetry={retry} />}
        {!me && !error && <Loading />}
        {me && !me.authenticated && (
          <Suspense fallback={<Loading />}>
            <SignInPage sessionEnded={sessionEnded} />
          </Suspense>
        )}
        {me?.authenticated && <Screens />}
      </main>
    </div>
  );
}
