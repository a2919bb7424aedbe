import { collaboration } from '../pulls-state';
import type { DeploymentRecord, DeploymentStatusRecord } from '../state';
import { connection, type PageArgs } from './connection';
import type { RepositoryNode } from './repository-node';
import { actorNode, requireAppPermission, type UserNode } from './pull-nodes';

/** Deployments and their statuses (state.deployments), as hosting providers record previews. */

export interface DeploymentArgs extends PageArgs {
  environments?: string[] | null;
  orderBy?: { field: 'CREATED_AT'; direction: 'ASC' | 'DESC' } | null;
}

/** `Commit.deployments`: the deployments of exactly this sha, oldest first by default (`last: 1` is the newest). */
export function commitDeployments(repository: RepositoryNode, sha: string, args: DeploymentArgs) {
  requireAppPermission(repository.scope, 'deployments');
  const direction = args.orderBy?.direction === 'DESC' ? -1 : 1;
  const nodes = collaboration(repository.scope.ctx)
    .deployments.filter((record) => record.repoId === repository.record.id && record.sha === sha)
    .filter((record) => !args.environments || args.environments.includes(record.environment))
    .sort(
      (a, b) =>
        direction * (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id),
    )
    .map((record) => new DeploymentNode(repository, record));
  return connection(nodes, args, 'deployments');
}

/** GitHub's deployment state follows its latest status (`success` is ACTIVE); none yet is PENDING. */
const DEPLOYMENT_STATE: Record<DeploymentStatusRecord['state'], string> = {
  success: 'ACTIVE',
  inactive: 'INACTIVE',
  pending: 'PENDING',
  failure: 'FAILURE',
  error: 'ERROR',
  queued: 'QUEUED',
  in_progress: 'IN_PROGRESS',
};

function requireActor(repository: RepositoryNode, login: string): UserNode {
  const actor = actorNode(repository.scope, login);
  if (!actor) throw new Error(`Deployment creator ${login} is not a user of this host`);
  return actor;
}

/** REST's "" for a value never set is null here (nullable String/URI fields). */
const orNull = (value: string | null | undefined) => (value ? value : null);

export class DeploymentNode {
  readonly __typename = 'Deployment';

  constructor(
    readonly repository: RepositoryNode,
    readonly record: DeploymentRecord,
  ) {}

  get id(): string {
    return Buffer.from(`010:Deployment${this.record.id}`).toString('base64');
  }
  get commitOid(): string {
    return this.record.sha;
  }
  get creator(): UserNode {
    return requireActor(this.repository, this.record.creator);
  }
  /** The environment now (a status may have moved it); originalEnvironment is the one it was created for. */
  get environment(): string {
    return this.record.environment;
  }
  get originalEnvironment(): string {
    return this.record.originalEnvironment;
  }
  get task(): string {
    return this.record.task;
  }
  get latestStatus(): DeploymentStatusNode | null {
    const last = this.record.statuses.at(-1);
    return last ? new DeploymentStatusNode(this, last) : null;
  }
  get state(): string {
    const last = this.record.statuses.at(-1);
    return last ? DEPLOYMENT_STATE[last.state] : 'PENDING';
  }
}

export class DeploymentStatusNode {
  readonly __typename = 'DeploymentStatus';

  constructor(
    readonly deployment: DeploymentNode,
    private readonly record: DeploymentStatusRecord,
  ) {}

  /** REST's lower-case state as the enum value (in_progress → IN_PROGRESS). */
  get state(): string {
    return this.record.state.toUpperCase();
  }
  get creator(): UserNode {
    return requireActor(this.deployment.repository, this.record.creator);
  }
  get description(): string | null {
    return orNull(this.record.description);
  }
  get environmentUrl(): string | null {
    return orNull(this.record.environmentUrl);
  }
  get logUrl(): string | null {
    return orNull(this.record.logUrl);
  }
}
