/** The service's words for a repository without the file (on connecting: 400; later: 409). */
export const isMissingConfig = (error: string): boolean =>
  /cms\.config\.json is missing from/.test(error);

/** The API reference's page of the config route, whose schema describes every setting. */
const configReference = '/api/docs#/repos/getConfig';

/**
 * What a repository without `cms.config.json` needs: the command that writes one from the site's
 * own files, and where every setting is described.
 */
export function NoConfigHelp({ repo }: { repo: string }) {
  return (
    <div className="no-config">
      <p>
        The CMS reads <code>cms.config.json</code> at the root of {repo}&apos;s default branch to
        know where the content is and which fields it has. To write one from the site&apos;s own
        files, run <code>cms init</code> in a working copy of {repo}, check the file, then commit
        and push it:
      </p>
      <pre className="command-block">
        <code>
          {[
            'cms init --dry-run    # shows the config it would write',
            'cms init',
            'git add cms.config.json',
            'git commit -m "Add cms.config.json"',
            'git push',
          ].join('\n')}
        </code>
      </pre>
      <p>
        Every setting is explained in the configuration guide (docs/configuration.md in the
        CMS&apos;s documentation) and in the <a href={configReference}>API reference</a> of the
        config.
      </p>
    </div>
  );
}
