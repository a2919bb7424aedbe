import type { ActivityLog } from '../../shared/activity/activity-log';
import type { BaseDeps } from '../../shared/http/base-deps';
import type { RepoPermissions } from '../../shared/repos/repo-permissions';

export interface ActivityDeps extends BaseDeps {
  activityLog: Pick<ActivityLog, 'ofRepo' | 'ofUser'>;
  permissions: RepoPermissions;
}
