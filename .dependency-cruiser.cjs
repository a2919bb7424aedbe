/**
 * Layer rules, checked in `npm test` (see docs/architecture.md, Layout), written as an allowlist: every place
 * below names the places, npm packages and `node:*` built-ins its modules may import, and
 * anything else is an error; a module in no place is an error too, so a new folder joins the
 * layers on purpose. The domain knows nothing of HTTP, Lambda, AWS or GitHub's API and is written
 * against the ports (shared/ports/); each adapter (shared/adapters/<what it talks to>/) implements
 * ports with its own SDK; the runtimes (functions/, infra/) compose; the editor and the CLI use only
 * pure shared modules; the local GitHub-compatible host stands alone; Lambda code never reaches
 * local-mode code. test/unit/layers.test.ts plants one forbidden import per rule and sees it fail.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser loads its configuration as CommonJS
const { builtinModules } = require('node:module');

const unanchored = (pattern) => pattern.replace(/^\^/, '');
/** One regular expression for the modules under any of `include` and none of `exclude`. */
const place = (include, exclude = []) =>
  `^${exclude.length > 0 ? `(?!${exclude.map(unanchored).join('|')})` : ''}(?:${include.map(unanchored).join('|')})`;
/** npm packages by name (`@aws-sdk/*`: a scope or a prefix), resolved into node_modules or not resolved at all. */
const npm = (...names) => {
  const name = `(?:${names.map((n) => n.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')).join('|')})`;
  return `(?:^|/)node_modules/${name}(?:/|$)|^${name}(?:/|$)`;
};
/** Node's built-ins by name (imported as `node:<name>`); a name Node does not have is a typo here. */
const node = (...names) => {
  const unknown = names.filter((n) => !builtinModules.includes(n));
  if (unknown.length > 0) throw new Error(`not Node built-ins: ${unknown.join(', ')}`);
  return `^(?:${names.join('|')})$`;
};

// shared/: the loose files at its root that every layer may use (errors, logger, zod's locale, ids, request context).
const kernel = place([
  '^shared/(?:errors|logger|format-issues|zod-locale|schemas|path-params|random-id|request-metrics|request-signal|request-context)\\.ts$',
]);
// The ports: the interfaces the domain is written against, one file per port (shared/ports/).
const ports = place(['^shared/ports/']);
// Adapters, named for what they talk to (shared/adapters/<what>/): each implements ports.
const adapterFolder = (what) => place([`^shared/adapters/${what}/`]);
// What every AWS SDK client is made with, shared by the AWS adapters.
const sdkDefaults = place(['^shared/adapters/sdk-defaults\\.ts$']);
const kms = adapterFolder('kms');
const s3 = adapterFolder('s3');
const sqs = adapterFolder('sqs');
const scheduler = adapterFolder('scheduler');
const secretsManager = adapterFolder('secrets-manager');
// AWS services that have no local equivalent: Lambda code only.
const awsOnly = [sdkDefaults, kms, s3, sqs, scheduler, secretsManager];
// The same code on both runtimes: DynamoDB (or dynalite), GitHub (or the local host), outbound HTTP.
const dynamodb = adapterFolder('dynamodb');
const github = adapterFolder('github');
const httpOut = adapterFolder('http');
// In-process stand-ins of AWS services and IAM, for local mode and tests only.
const localOnly = adapterFolder('local');
const adapters = [...awsOnly, dynamodb, github, httpOut, localOnly];
// The SSRF guard classifies addresses with node:net's isIP; DNS comes in through its Lookup port.
const ssrfGuard = place(['^shared/webhooks/address-guard\\.ts$']);
// The domain folders: nothing but domain code (store/: the table's keys and what is built on the
// Store port; crypto/: the envelope every key provider seals with).
const domainFolders = [
  'content',
  'pulls',
  'repos',
  'auth',
  'media',
  'schedules',
  'webhooks',
  'freshness',
  'activity',
  'presence',
  'history',
  'store',
  'crypto',
  'checks',
];
const domain = place([`^shared/(?:${domainFolders.join('|')})/`], [ssrfGuard]);
// The domain's schema modules: the types some ports are written in (a repository, a webhook event).
const domainSchemas = place(['^shared/(?:repos/schemas|webhooks/webhook-schemas)\\.ts$']);
// Domain modules an adapter may use: the webhook schemas' limits, AES-GCM (the local key provider
// wraps data keys as the envelope seals payloads) and, as a type, the deliverer a queue runs.
const adapterDomain = place([
  '^shared/webhooks/(?:webhook-schemas|deliverer)\\.ts$',
  '^shared/crypto/aes-gcm\\.ts$',
]);
// HTTP-facing shared code: the middlewares, the route table, the OpenAPI document, the typed client.
const http = place(['^shared/http/']);
const routeTable = place(['^shared/routes\\.ts$', '^shared/route-table/']);
const openapi = place(['^shared/openapi/']);
const apiClient = place(['^shared/client/']);
// What the editor and the CLI may import from shared/: the typed client and the domain's pure modules.
const pureShared = [
  apiClient,
  kernel,
  place(['^shared/(?:content|pulls|auth|media|webhooks|activity|history|checks)/'], [ssrfGuard]),
];
// Code no browser bundle or API client may hold, however it is reached.
const serverPackages = npm('@aws-sdk/*', '@smithy/*', '@octokit/*', '@middy/*', 'negotiator');

// functions/: the AWS entries (handler.ts, the SQS consumer, the AWS-only loose files) and the wiring both runtimes share.
const awsEntries = place([
  '^functions/[^/]+/(?:handler|consume)\\.ts$',
  '^functions/(?:aws-[^/]+|github-app-secret)\\.ts$',
]);
const wiring = place(
  ['^functions/[^/]+/', '^functions/(?:ports|wire-base|github-ports)\\.ts$'],
  [awsEntries],
);
const infraAws = place(['^infra/aws/']);
const infraLocal = place(['^infra/local/']);
const editor = place(['^web/src/'], ['^web/src/api-docs/']);
const apiDocs = place(['^web/src/api-docs/']);
const cli = place(['^cli/'], ['^cli/package/']);
const cliPackage = place(['^cli/package/']);
const localHost = place(['^packages/github-local/src/']);
const localHostTests = place(['^packages/github-local/test/']);

/** A rule per place: its modules import only what `may` lists. */
const layer = ({ name, comment, from, may }) => ({
  name,
  severity: 'error',
  comment,
  from: { path: from },
  to: { pathNot: may },
});

const layers = [
  layer({
    name: 'shared-kernel',
    comment:
      "The loose files at shared/'s root are used by every layer, so they use nothing but each other, zod and two built-ins.",
    from: kernel,
    may: [kernel, npm('zod'), node('crypto', 'async_hooks')],
  }),
  layer({
    name: 'domain',
    comment:
      "The domain knows nothing of HTTP, Lambda, AWS, GitHub's API or any network: it parses, decides and calls ports, never an adapter (async_hooks: the request's own context).",
    from: domain,
    may: [
      domain,
      ports,
      ssrfGuard,
      kernel,
      npm('zod', 'yaml', 'smol-toml', 'markdown-it', 'saxes', '@csstools/css-tokenizer'),
      node('crypto', 'async_hooks'),
    ],
  }),
  layer({
    name: 'ports',
    comment:
      "A port is an interface (with the limits and message shapes that are part of it): other ports, the kernel, zod and the domain's schemas, never an adapter or an SDK.",
    from: ports,
    may: [ports, kernel, domainSchemas, npm('zod')],
  }),
  layer({
    name: 'ssrf-guard',
    comment:
      'The SSRF guard is policy: it classifies addresses; the addresses come from the Lookup port it is given.',
    from: ssrfGuard,
    may: [kernel, ports, node('net')],
  }),
  ...[
    ['kms', kms, ['@aws-sdk/client-kms'], []],
    ['s3', s3, ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'], ['crypto']],
    ['sqs', sqs, ['@aws-sdk/client-sqs', 'zod'], []],
    ['scheduler', scheduler, ['@aws-sdk/client-scheduler'], []],
    ['secrets-manager', secretsManager, ['@aws-sdk/client-secrets-manager'], []],
    ['dynamodb', dynamodb, ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], []],
  ].map(([what, from, packages, builtins]) =>
    layer({
      name: `adapter-${what}`,
      comment: `The ${what} adapter speaks its own AWS SDK v3 client (${packages.join(', ')}) with the shared SDK defaults and implements ports; no other adapter, no domain logic, no HTTP layer.`,
      from,
      may: [
        from,
        sdkDefaults,
        ports,
        adapterDomain,
        kernel,
        npm(...packages),
        ...(builtins.length > 0 ? [node(...builtins)] : []),
      ],
    }),
  ),
  layer({
    name: 'adapter-sdk-defaults',
    comment: 'The defaults every AWS SDK client is made with are plain data.',
    from: sdkDefaults,
    may: [sdkDefaults],
  }),
  layer({
    name: 'adapter-github',
    comment:
      'The GitHub adapters speak octokit and implement the GitHost, PullHost, ReviewHost and MediaHost ports.',
    from: github,
    may: [
      github,
      ports,
      kernel,
      npm('@octokit/core', '@octokit/plugin-paginate-rest'),
      node('crypto'),
    ],
  }),
  layer({
    name: 'adapter-http',
    comment:
      'The webhook sender and the system resolver are the one place that opens outbound connections and resolves names.',
    from: httpOut,
    may: [httpOut, ports, adapterDomain, kernel, node('http', 'https', 'net', 'dns')],
  }),
  layer({
    name: 'adapter-local',
    comment:
      'The in-process stand-ins (memory store, scoped store, local key provider, local queues) implement ports with nothing but Node.',
    from: localOnly,
    may: [localOnly, ports, adapterDomain, kernel, node('crypto')],
  }),
  layer({
    name: 'shared-http',
    comment:
      'The middlewares map requests onto the domain and its errors onto statuses; they build no adapter and know no route.',
    from: http,
    may: [
      http,
      domain,
      ports,
      kernel,
      npm('@middy/core', 'negotiator', 'zod', 'aws-lambda', '@types/aws-lambda'),
      node('async_hooks', 'crypto', 'util', 'zlib'),
    ],
  }),
  layer({
    name: 'route-table',
    comment:
      "The route table declares routes with the domain's schemas and the HTTP layer's types; it runs nothing.",
    from: routeTable,
    may: [
      routeTable,
      http,
      place(['^shared/openapi/document-schema\\.ts$']),
      domain,
      ports,
      kernel,
      npm('zod'),
    ],
  }),
  layer({
    name: 'openapi',
    comment: 'The OpenAPI document is generated from the route table and the schemas it names.',
    from: openapi,
    may: [openapi, routeTable, http, domain, ports, kernel, npm('zod')],
  }),
  layer({
    name: 'api-client',
    comment:
      "The typed client is bundled into the editor and the CLI: the route table's types, path parameters and zod only.",
    from: apiClient,
    may: [apiClient, routeTable, kernel, npm('zod')],
  }),
  layer({
    name: 'functions-aws-entry',
    comment:
      'The AWS entries read the environment, build the AWS ports and call the shared wiring; they never reach local-mode code.',
    from: awsEntries,
    may: [
      awsEntries,
      wiring,
      kernel,
      domain,
      ports,
      ssrfGuard,
      ...awsOnly,
      dynamodb,
      github,
      httpOut,
      http,
      npm('@aws-sdk/*', 'zod'),
    ],
  }),
  layer({
    name: 'functions-wiring',
    comment:
      'wire.ts, app.ts and routes/ run on both runtimes: they compose shared code from the ports they are given (the store among them), never an AWS-only or local-only adapter.',
    from: wiring,
    may: [
      wiring,
      kernel,
      domain,
      ports,
      ssrfGuard,
      github,
      httpOut,
      http,
      routeTable,
      openapi,
      node('crypto'),
    ],
  }),
  layer({
    name: 'infra-aws',
    comment:
      "The CDK app synthesises the stack from the route table, the table definition and the functions' environment schema; it runs no Lambda code.",
    from: infraAws,
    may: [
      infraAws,
      place(['^functions/aws-env\\.ts$']),
      kernel,
      domain,
      ports,
      dynamodb,
      http,
      routeTable,
      npm('aws-cdk-lib', 'constructs', 'cdk-nag', 'zod'),
      node('child_process', 'crypto', 'fs', 'os', 'path', 'url', 'zlib'),
    ],
  }),
  layer({
    name: 'infra-local',
    comment:
      'Local mode builds local ports and calls the same wiring as AWS; the AWS-only adapters and entries stay on AWS.',
    from: infraLocal,
    may: [
      infraLocal,
      infraAws,
      wiring,
      kernel,
      domain,
      ports,
      ssrfGuard,
      dynamodb,
      github,
      httpOut,
      localOnly,
      http,
      routeTable,
      npm('@cms/github-local', 'dynalite', 'zod', 'aws-lambda', '@types/aws-lambda'),
      node('crypto', 'events', 'fs', 'fs/promises', 'http', 'module', 'net', 'path', 'url', 'util'),
    ],
  }),
  layer({
    name: 'editor',
    comment:
      'The editor is a browser bundle: its own modules, the pure shared modules and browser packages; no Node built-in.',
    from: editor,
    may: [
      editor,
      ...pureShared,
      npm(
        'react',
        'react-dom',
        '@codemirror/*',
        '@lezer/*',
        'prosemirror-*',
        '@tanstack/react-virtual',
        'style-mod',
        'dompurify',
        'markdown-it',
        'zod',
      ),
    ],
  }),
  layer({
    name: 'api-docs',
    comment:
      'The API reference (/api/docs) is a page of its own: its renderer (Swagger UI) and nothing of the editor, whose screens never load it.',
    from: apiDocs,
    may: [apiDocs, npm('swagger-ui-dist')],
  }),
  layer({
    name: 'cli',
    comment:
      'The CLI talks HTTP to the service: it shares the client, schemas and the HTTP limits and headers it must agree with, not server code.',
    from: cli,
    may: [
      cli,
      ...pureShared,
      place(['^shared/http/(?:aws-limits|editor-headers)\\.ts$']),
      npm('commander', 'minimatch', 'smol-toml', 'yaml', 'zod', 'tsx'),
      node(
        'child_process',
        'fs',
        'fs/promises',
        'http',
        'os',
        'path',
        'timers/promises',
        'url',
        'util',
      ),
    ],
  }),
  layer({
    name: 'cli-package',
    comment:
      'The installable CLI package is built by bundling the CLI with esbuild; the build imports nothing of it.',
    from: cliPackage,
    may: [cliPackage, npm('esbuild'), node('fs', 'path', 'url')],
  }),
  layer({
    name: 'local-host',
    comment:
      'The GitHub-compatible host stands in for GitHub, so it shares no code with the service.',
    from: localHost,
    may: [
      localHost,
      npm('graphql'),
      node(
        'async_hooks',
        'child_process',
        'crypto',
        'fs',
        'fs/promises',
        'http',
        'https',
        'net',
        'os',
        'path',
        'util',
        'zlib',
      ),
    ],
  }),
  layer({
    name: 'local-host-tests',
    comment: "The local host's own tests test it alone, against GitHub's published descriptions.",
    from: localHostTests,
    may: [
      localHostTests,
      localHost,
      npm(
        'vitest',
        'graphql',
        '@octokit/graphql-schema',
        '@octokit/openapi',
        'ajv',
        'ajv-formats',
        'fast-check',
        'yaml',
      ),
      node(
        'child_process',
        'crypto',
        'fs',
        'fs/promises',
        'http',
        'module',
        'net',
        'os',
        'path',
        'util',
        'zlib',
      ),
    ],
  }),
];

const everyPlace = [
  kernel,
  domain,
  ports,
  ssrfGuard,
  ...adapters,
  http,
  routeTable,
  openapi,
  apiClient,
  awsEntries,
  wiring,
  infraAws,
  infraLocal,
  editor,
  apiDocs,
  cli,
  cliPackage,
  localHost,
  localHostTests,
];
const cruised = '^(?:shared|functions|infra|web|cli|packages)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "Modules form no import cycles. (The local host's GraphQL node classes refer to each other, as the schema's types do.)",
      from: { pathNot: '^packages/github-local/src/graphql/' },
      to: { circular: true },
    },
    {
      name: 'not-in-a-layer',
      severity: 'error',
      comment:
        'Every module is in a place the rules name: a new folder is placed in the layers on purpose.',
      from: { path: cruised, pathNot: everyPlace },
      to: {},
    },
    {
      name: 'not-in-a-layer-alone',
      severity: 'error',
      comment: 'The same for a module that imports nothing and that nothing imports.',
      from: { orphan: true, path: cruised, pathNot: everyPlace },
      to: {},
    },
    ...layers,
    {
      name: 'editor-bundle-browser-safe',
      severity: 'error',
      comment:
        'Nothing the editor imports, however indirectly, needs Node or a server package: a pure shared module stays pure.',
      from: { path: editor },
      to: { reachable: true, path: [node(...builtinModules), serverPackages, ...adapters] },
    },
    {
      name: 'lambda-never-reaches-local',
      severity: 'error',
      comment:
        'Nothing a Lambda entry imports, however indirectly, is a local-mode stand-in: AWS runs on the AWS adapters.',
      from: { path: awsEntries },
      to: { reachable: true, path: localOnly },
    },
    {
      name: 'cli-no-server-code',
      severity: 'error',
      comment: 'Nothing the CLI imports, however indirectly, is an adapter or a server package.',
      from: { path: cli },
      to: { reachable: true, path: [serverPackages, ...adapters] },
    },
    {
      name: 'functions-groups-apart',
      severity: 'error',
      comment: "Each Lambda bundles its own group: a group folder imports no other group's folder.",
      from: { path: '^functions/([^/]+)/' },
      to: { path: '^functions/[^/]+/', pathNot: '^functions/$1/' },
    },
    {
      name: 'functions-loose-files-serve-groups',
      severity: 'error',
      comment:
        "The loose files of functions/ are shared by every group, so they import no group's folder.",
      from: { path: '^functions/[^/]+\\.ts$' },
      to: { path: '^functions/[^/]+/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
