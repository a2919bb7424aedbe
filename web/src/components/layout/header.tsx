import { useEffect, useState } from 'react';
import { signOut } from '../../api/auth';
import { Link } from '../../router/link';
import { useRouter } from '../../router/router';
import { ThemeToggle } from './theme-toggle';

interface HeaderProps {
  username?: string;
  onSignedOut(): void;
}

export function Header({ username, onSignedOut }: HeaderProps) {
  const { route } = useRouter();
  const [error, setError] = useState<string | undefined>();
  // Open on the screen it was opened on: following a link closes it, so the next screen starts
  // with its content, not the links.
  const [menuOpenOn, setMenuOpenOn] = useState<typeof route | undefined>();
  const menuOpen = menuOpenOn === route;
  // Narrow screens fold the navigation (the main links and a repository's sidebar) behind the
  // menu button; the stylesheet reads the open state from the root, since the sidebar is not ours.
  useEffect(() => {
    document.documentElement.dataset.nav = menuOpen ? 'open' : 'closed';
  }, [menuOpen]);
  const leave = async () => {
    try {
      await signOut();
      onSignedOut();
    } catch (cause) {
      setError((cause as Error).message);
    }
  };
  return (
    <header className="topbar">
      <Link to={{ name: 'repos' }} className="brand">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="brand-mark">
          <rect x="2" y="2" width="20" height="20" rx="5" fill="currentColor" />
          <path
            d="M7 16V8l5 5 5-5v8"
            stroke="var(--bg)"
            strokeWidth="2"
            fill="none"
            strokeLinejoin="round"
          />
        </svg>
        Content editor
      </Link>
      {username && (
        <button
          type="button"
          className="button ghost menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpenOn(menuOpen ? undefined : route)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
          </svg>
          Menu
        </button>
      )}
      {username && (
        <nav aria-label="Main" className="topnav" id="main-nav">
          <Link to={{ name: 'repos' }} aria-current={route.name !== 'tokens' ? 'page' : undefined}>
            Repositories
          </Link>
          <Link to={{ name: 'tokens' }} aria-current={route.name === 'tokens' ? 'page' : undefined}>
            API tokens
          </Link>
        </nav>
      )}
      <div className="account">
        <ThemeToggle />
        {username && (
          <>
            <span className="user" data-testid="username" title={`Signed in as ${username}`}>
              <span className="avatar" aria-hidden="true">
                {username.charAt(0).toUpperCase()}
              </span>
              <span className="user-name">{username}</span>
            </span>
            <button type="button" className="button ghost small" onClick={leave}>
              Sign out
            </button>
          </>
        )}
        {error && (
          <span role="alert" className="error-text">
            {error}
          </span>
        )}
      </div>
    </header>
  );
}
