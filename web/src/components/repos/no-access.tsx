/** What to do about a repository one cannot reach, in the same words wherever it is met. */
export const noAccessAdvice =
  'Ask an administrator of the repository to add you to it on GitHub (write access lets you edit), or, if it is yours, install the GitHub App on it. A repository you were just given can take a few minutes to show.';

/**
 * The one message for someone the CMS cannot show a repository to: it is not connected, GitHub
 * does not let them see it, or the app is not installed on it. The service answers all three
 * with one 404 on purpose (docs/security.md), so the message names all three. No "Try again":
 * the answer stays the same until someone changes the repository's access.
 */
export function NoAccess({ repo, level = 1 }: { repo?: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="no-access" aria-labelledby="no-access-title">
      <Heading id="no-access-title">
        {repo ? `You cannot open ${repo}` : 'No repository you can edit yet'}
      </Heading>
      <p>
        {repo
          ? `${repo} is not connected to the CMS, or your GitHub account cannot see it, or the GitHub App is not installed on it.`
          : 'Your GitHub account does not reach any repository where the GitHub App is installed.'}
      </p>
      <p>{noAccessAdvice}</p>
    </section>
  );
}
