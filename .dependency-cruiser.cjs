/**
 * Layer rules, checked in `npm test` (see README, Layout). Domain code (shared/content, pulls,
 * repos, auth) knows nothing of HTTP, Lambda, AWS or GitHub's API; adapters implement its ports;
 * runtimes (functions/, infra/) compose; the editor and the CLI use only pure shared modules; the
 * local GitHub-compatible host stands alone.
 */
const domain = '^shared/(content|pulls|repos|auth|media)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules form no import cycles. (The local host\'s GraphQL node classes refer to each other, as the schema\'s types do.)',
      from: { pathNot: '^packages/github-local/src/graphql/' },
      to: { circular: true },
    },
    {
      name: 'shared-not-runtimes',
      severity: 'error',
      comment: 'shared/ is used by the runtimes, the editor and the CLI, never the other way round.',
      from: { path: '^shared/' },
      to: { path: '^(functions|infra|web|cli|packages)/' },
    },
    {
      name: 'domain-not-http',
      severity: 'error',
      comment: 'The domain throws shared/errors.ts errors; shared/http/ maps them to statuses.',
      from: { path: domain },
      to: { path: '^shared/http/' },
    },
    {
      name: 'domain-not-adapters',
      severity: 'error',
      comment: 'The domain sees ports (git-host.ts, pull-host.ts, store.ts, key-provider.ts), never their implementations.',
      from: { path: domain },
      to: { path: ['^shared/githost/github-', '^shared/store/(dynamodb|memory-store|parsed-cache|ensure-table|table)', '^shared/crypto/(kms|local)-', '^node_modules/(@aws-sdk|@octokit|@middy)/'] },
    },
    {
      name: 'editor-pure-shared',
      severity: 'error',
      comment: 'The editor bundles only pure shared modules: schemas, config, field rules.',
      from: { path: '^web/' },
      to: { path: ['^(functions|infra|cli)/', '^shared/(http|store|githost|crypto)/', '^node_modules/(@aws-sdk|@octokit|@middy)/'] },
    },
    {
      name: 'cli-not-server',
      severity: 'error',
      comment: 'The CLI talks HTTP to the service; it shares schemas, not server code.',
      from: { path: '^cli/' },
      to: { path: ['^(functions|infra|web)/', '^shared/(store|githost|crypto)/', '^node_modules/(@aws-sdk|@octokit|@middy)/'] },
    },
    {
      name: 'local-host-standalone',
      severity: 'error',
      comment: 'The GitHub-compatible host is a stand-in for GitHub: it shares no code with the service.',
      from: { path: '^packages/github-local/' },
      to: { path: '^(shared|functions|infra|web|cli|test)/' },
    },
    {
      name: 'functions-not-local',
      severity: 'error',
      comment: 'Lambda code never reaches local-mode code (the local runtime, the GitHub-compatible host), the editor or the CLI.',
      from: { path: '^functions/' },
      to: { path: '^(infra|web|cli|packages)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
