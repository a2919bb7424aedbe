import { signInUrl } from '../../api/auth';
import { rememberReturnPath } from '../../lib/return-path';

/** The signed-out screen; after a 401 it says why and that unsaved edits are safe. */
export function SignInPage({ sessionEnded }: { sessionEnded: boolean }) {
  return (
    <section className="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">
        {sessionEnded ? 'Your session has ended' : "Edit your site's content"}
      </h1>
      {sessionEnded ? (
        <p>
          Sign in again to continue. Your unsaved edits are kept in this browser and come back when
          you reopen the item.
        </p>
      ) : (
        <p>
          Write and publish the markdown content of your static sites. Every save is a commit in
          your repository.
        </p>
      )}
      <a className="button primary large" href={signInUrl} onClick={rememberReturnPath}>
        Sign in with GitHub
      </a>
    </section>
  );
}
