import type { RepoPermissions } from './access';
import type { HostContext } from './context';
import type { InstallationRecord, RepoRecord, UserRecord } from './state';

/** JSON shapes as GitHub's REST API returns them (checked against the OpenAPI description in tests). */

export function userNodeId(user: UserRecord): string {
  return Buffer.from(`04:User${user.id}`).toString('base64');
}

export function repoNodeId(repo: RepoRecord): string {
  return Buffer.from(`010:Repository${repo.id}`).toString('base64');
}

export function avatarUrl(ctx: HostContext, user: UserRecord): string {
  return `${ctx.webUrl}/avatars/u/${user.id}?v=4`;
}

export function simpleUser(ctx: HostContext, user: UserRecord) {
  const api = `${ctx.apiUrl}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: userNodeId(user),
    avatar_url: avatarUrl(ctx, user),
    gravatar_id: '',
    url: api,
    html_url: `${ctx.webUrl}/${user.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    user_view_type: 'public',
    site_admin: false,
  };
}

/** GET /user for the authenticated user ("Private User"). */
export function privateUser(ctx: HostContext, user: UserRecord) {
  const owned = ctx.state.repos.filter((repo) => repo.owner === user.login).length;
  return {
    ...simpleUser(ctx, user),
    user_view_type: 'private',
    name: user.name,
    company: user.company,
    blog: user.blog,
    location: user.location,
    email: user.email,
    notification_email: user.email,
    hireable: null,
    bio: user.bio,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: user.createdAt,
    updated_at: user.createdAt,
    private_gists: 0,
    total_private_repos: owned,
    owned_private_repos: owned,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
    plan: { name: 'enterprise', space: 976_562_499, collaborators: 0, private_repos: 9999 },
  };
}

/** The "Repository" shape (list items, e.g. installation repositories). */
export function repository(
  ctx: HostContext,
  repo: RepoRecord,
  owner: UserRecord,
  permissions: RepoPermissions | null,
) {
  const full = `${repo.owner}/${repo.name}`;
  const api = `${ctx.apiUrl}/repos/${full}`;
  const host = new URL(ctx.webUrl).host;
  const forks = ctx.state.repos.filter((other) => other.forkOf === repo.id).length;
  return {
    id: repo.id,
    node_id: repoNodeId(repo),
    name: repo.name,
    full_name: full,
    private: true,
    owner: simpleUser(ctx, owner),
    html_url: `${ctx.webUrl}/${full}`,
    description: repo.description,
    fork: repo.forkOf !== undefined,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `git://${host}/${full}.git`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `git@${new URL(ctx.webUrl).hostname}:${full}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${ctx.webUrl}/${full}.git`,
    mirror_url: null,
    hooks_url: `${api}/hooks`,
    svn_url: `${ctx.webUrl}/${full}`,
    homepage: null,
    language: null,
    forks,
    forks_count: forks,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 0,
    default_branch: repo.defaultBranch,
    open_issues: 0,
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'private',
    pushed_at: repo.pushedAt,
    created_at: repo.createdAt,
    updated_at: repo.updatedAt,
    ...(permissions ? { permissions } : {}),
    allow_forking: false,
    web_commit_signoff_required: false,
    license: null,
  };
}

/** GET /repos/{owner}/{repo} ("Full Repository"). */
export function fullRepository(
  ctx: HostContext,
  repo: RepoRecord,
  owner: UserRecord,
  permissions: RepoPermissions | null,
) {
  return {
    ...repository(ctx, repo, owner, permissions),
    // GitHub shows the merge settings only to callers who may push (an app needs contents: write).
    ...(permissions?.push
      ? {
          allow_squash_merge: repo.allowSquashMerge !== false,
          allow_merge_commit: repo.allowMergeCommit !== false,
          allow_rebase_merge: repo.allowRebaseMerge !== false,
          allow_auto_merge: false,
          allow_update_branch: false,
          delete_branch_on_merge: false,
          use_squash_pr_title_as_default: false,
          squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
          squash_merge_commit_message: 'COMMIT_MESSAGES',
          merge_commit_title: 'MERGE_MESSAGE',
          merge_commit_message: 'PR_TITLE',
        }
      : {}),
    temp_clone_token: null,
    network_count: 0,
    subscribers_count: 1,
  };
}

export function installation(ctx: HostContext, record: InstallationRecord, account: UserRecord) {
  const app = ctx.state.app;
  return {
    id: record.id,
    client_id: app.clientId,
    account: simpleUser(ctx, account),
    repository_selection: record.repositorySelection,
    access_tokens_url: `${ctx.apiUrl}/app/installations/${record.id}/access_tokens`,
    repositories_url: `${ctx.apiUrl}/installation/repositories`,
    html_url: `${ctx.webUrl}/settings/installations/${record.id}`,
    app_id: app.id,
    app_slug: app.slug,
    target_id: account.id,
    target_type: 'User',
    permissions: record.permissions,
    events: record.events,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
}
