import { useEffect, useState } from 'react';
import { api, type Me } from './api';

/** The shell: who is signed in, sign-in and sign-out. The editor screens grow inside it. */
export function App() {
  const [me, setMe] = useState<Me | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    api<Me>('/api/auth/me').then(setMe, (cause: Error) => setError(cause.message));
  }, []);

  const signOut = async () => {
    await api('/auth/logout', { method: 'POST' }).catch((cause: Error) => setError(cause.message));
    setMe({ authenticated: false });
  };

  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Content editor</span>
        {me?.authenticated && (
          <span className="account">
            Signed in as <strong data-testid="username">{me.username}</strong>
            <button type="button" onClick={signOut}>Sign out</button>
          </span>
        )}
      </header>
      <main className="main">
        {error && <p role="alert" className="error">{error}</p>}
        {!me && !error && <p aria-busy="true">Loading…</p>}
        {me && !me.authenticated && (
          <section className="signin">
            <h1>Edit your site's content</h1>
            <p>Sign in with GitHub to open the repositories you can edit.</p>
            <a className="button" href="/auth/login">Sign in with GitHub</a>
          </section>
        )}
        {me?.authenticated && (
          <section>
            <h1>Welcome, {me.username}</h1>
            <p>Your repositories will appear here.</p>
          </section>
        )}
      </main>
    </div>
  );
}
