/**
 * What Decap CMS's GitHub backend sends for the same operations, read from its source
 * (decaporg/decap-cms, packages/decap-cms-backend-github/src/API.ts and implementation.tsx, REST
 * mode, the default; `use_graphql` changes only some reads). Counts are GitHub API round trips
 * made by the browser, with nothing cached, unless the row says otherwise.
 */
export interface DecapCount {
  /** Round trips, or null when Decap has no such operation. */
  trips: number | null;
  model: string;
}

export const decapModel = {
  listCold: (n: number): DecapCount => ({
    trips: 2 * n + 1,
    model: `allEntriesByFolder: listFiles = 1 tree request (git/trees/{branch}:{folder}); per entry readFile = 1 blob request (git/blobs/{sha}) and readFileMetadata = 1 commits request (commits?path=…&sha={branch}): 2N + 1`,
  }),
  listWarm: (): DecapCount => ({
    trips: 1,
    model:
      'the tree request; blobs come from the browser HTTP cache (fetched with cache: force-cache) and commit metadata from localForage by blob sha, both per browser: another browser or device is cold again',
  }),
  listAfterChange: (changed: number): DecapCount => ({
    trips: 1 + 2 * changed,
    model:
      'after files of the folder changed: the tree request, and for each changed entry (a new blob sha) its blob and its commit metadata: 1 + 2 × changed',
  }),
  get: (): DecapCount => ({
    trips: 2,
    model:
      'getEntry: readFile without a sha = getFileSha (1 tree request for the directory) + 1 blob request',
  }),
  directPut: (): DecapCount => ({
    trips: 5,
    model:
      'persistFiles (simple workflow): POST git/blobs, GET branches/{branch}, POST git/trees, POST git/commits, PATCH git/refs/heads/{branch}',
  }),
  firstBranchSave: (): DecapCount => ({
    trips: 5,
    model:
      'editorialWorkflowGit, new entry: POST git/blobs, GET branches/{branch}, POST git/trees, POST git/commits, POST git/refs (the branch); Decap also opens the pull request in the same save (next row)',
  }),
  laterBranchSave: (): DecapCount => ({
    trips: 6,
    model:
      'editorialWorkflowGit, existing entry: POST git/blobs, GET compare (diff), GET compare again (rebaseBranch; + 3 per draft commit when the base moved), POST git/trees, POST git/commits, PATCH git/refs (force)',
  }),
  createPull: (): DecapCount => ({
    trips: 2,
    model:
      'done inside the first save: POST pulls + PUT issues/{n}/labels (the workflow status label)',
  }),
  diff: (): DecapCount => ({
    trips: 4,
    model:
      'no field diff; the nearest is opening the draft (retrieveUnpublishedEntryData): GET pulls?head=…, GET compare, GET users/{login}, + 1 blob per changed file (1 here)',
  }),
  merge: (): DecapCount => ({
    trips: 3,
    model:
      'publishUnpublishedEntry: GET pulls?head=… (the PR), PUT pulls/{n}/merge, DELETE git/refs/heads/{branch}',
  }),
  update: (): DecapCount => ({
    trips: null,
    model: 'no such operation (a later save rebases the draft instead)',
  }),
  rebase: (commits: number): DecapCount => ({
    trips: 2 + 3 * commits,
    model: `rebaseBranch + patch, a draft of k commits (k = ${commits}, as ours had): GET compare, then per commit GET compare + POST git/trees + POST git/commits, then PATCH git/refs: 2 + 3k`,
  }),
  listPulls: (open: number): DecapCount => ({
    trips: 2 + 4 * open,
    model: `workflow board: listUnpublishedBranches = 2 GET pulls (one for the label migration, one with labels; ≤ 100 per page), then each of the ${open} draft(s) is loaded as in "diff" (4 each): 2 + 4M`,
  }),
  mediaUpload: (): DecapCount => ({
    trips: 5,
    model:
      'persistMedia = persistFiles with one media file: POST git/blobs, GET branches/{branch}, POST git/trees, POST git/commits, PATCH git/refs (the bytes travel inside the blob request)',
  }),
  mediaList: (): DecapCount => ({
    trips: 1,
    model: 'getMedia: listFiles(media_folder) = 1 tree request',
  }),
  mediaRead: (): DecapCount => ({
    trips: 1,
    model: 'getMediaFile: 1 blob request (git/blobs/{sha}), fetched by the browser',
  }),
  directDelete: (): DecapCount => ({
    trips: 4,
    model: 'deleteFiles: GET branches/{branch}, POST git/trees, POST git/commits, PATCH git/refs',
  }),
};
