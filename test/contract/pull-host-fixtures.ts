import type { RepoId } from '../../shared/ports/git-host';
import type { HostUnderTest } from './host-under-test';

/** A repository with `a.md` on main and a draft branch `cms/posts/a` that changes it. */
export async function repoWithDraft(host: HostUnderTest, draft = 'cms/posts/a') {
  const repo = await host.createRepo([
    { path: 'a.md', content: 'title: A\n\none\ntwo\nthree\n' },
    { path: 'cms.config.json', content: '{"name":"x"}\n' },
  ]);
  const main = repo.main!;
  const head = await host.commit(repo, draft, [
    { path: 'a.md', content: 'title: A\n\none\ntwo, drafted\nthree\n' },
  ]);
  return { repo, draft, main, head };
}

/** Branch heads as the provider reports them now. */
export async function headsOf(host: HostUnderTest, repo: RepoId, ...branches: string[]) {
  const view = await host.gitHost.snapshot(host.tokens.owner, repo, {
    branches: Object.fromEntries(branches.map((branch) => [branch, branch])),
  });
  return Object.fromEntries(
    branches.map((branch) => [branch, view!.branches[branch]?.oid ?? null]),
  );
}
