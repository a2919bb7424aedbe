import type { Caller } from '../auth/caller';
import type { GetItemOptions } from '../content/content-reads';
import type { ContentItem } from '../content/schemas';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors';
import type { PullReads } from '../pulls/pull-reads';
import { requireRole, roleOf } from '../repos/github-role';
import type { RepoPermissions } from '../repos/repo-permissions';
import {
  maxLeadDays,
  minLeadSeconds,
  type CreateScheduleBody,
  type Schedule,
} from './schedule-schemas';
import {
  newScheduleId,
  publicSchedule,
  type ScheduleRecord,
  type ScheduleRecords,
} from './schedule-records';
import type { ScheduleTimer } from '../ports/schedule-timer';

export interface ScheduleActionsDeps {
  records: ScheduleRecords;
  timer: ScheduleTimer;
  pullReads: Pick<PullReads, 'get'>;
  contentReads: { get(options: GetItemOptions): Promise<ContentItem> };
  permissions: RepoPermissions;
  now: () => number;
}

type SignedIn = Exclude<Caller, { kind: 'anonymous' }>;

/** One schedule (`id`) of the repository `fullName`, as `caller` changes it. */
export interface ScheduleOptions {
  caller: SignedIn;
  fullName: string;
  id: string;
}

/** The time as UTC ISO 8601, when it is at least a minute and at most a year away. */
function checkedTime(at: string, now: number): string {
  const time = Date.parse(at);
  if (time < now + minLeadSeconds * 1000)
    throw new InvalidInputError(
      `at: must be at least ${minLeadSeconds} seconds from now (it is ${new Date(now).toISOString()})`,
    );
  if (time > now + maxLeadDays * 86_400_000)
    throw new InvalidInputError(`at: must be at most ${maxLeadDays} days from now`);
  return new Date(time).toISOString();
}

/**
 * Setting, listing, moving and cancelling schedules. Setting one checks, with the caller's own
 * access, what the run will need: a publish names an open, genuine draft pull request with no
 * other pending publish; an unpublish names an item that exists on the default branch (deleting
 * it needs `content:delete` too for an API token). Only its setter or an admin of the repository
 * on GitHub moves or cancels a schedule. The run uses the access of its setter: the credential
 * they set it or last moved it with (for an API token, only while that token is valid).
 */
export function createScheduleActions(deps: ScheduleActionsDeps) {
  const { records, timer, now } = deps;

  /** Setting, moving or cancelling a publish is a write on the provider: the caller needs write access there. */
  async function requireWrite(userId: string, fullName: string) {
    const permissions = await deps.permissions(userId, fullName);
    requireRole({ permissions, role: 'write', repo: fullName, doing: 'Scheduling the publishing' });
    return permissions;
  }

  /**
   * A pending schedule the caller may change: their own (the same GitHub user, through any of
   * their credentials), or anyone's for an admin. The admin flag comes from the answer that
   * checked write access: no further provider round trip.
   */
  async function changeableOf(
    caller: SignedIn,
    fullName: string,
    id: string,
  ): Promise<ScheduleRecord> {
    const permissions = await requireWrite(caller.userId, fullName);
    const record = await records.get(id);
    if (!record || record.repo.toLowerCase() !== fullName.toLowerCase())
      throw new NotFoundError(`Schedule ${id} not found`);
    if (record.userId !== caller.userId && !permissions.admin) {
      throw new ForbiddenError(
        `Schedule ${id} was set by ${record.createdBy}: only they or an admin of ${fullName} on GitHub may move or cancel it; you have ${roleOf(permissions)}`,
      );
    }
    if (record.state !== 'pending')
      throw new ConflictError(
        `Schedule ${id} is ${record.state}; only a pending schedule can be moved or cancelled`,
      );
    return record;
  }

  return {
    async create(caller: SignedIn, fullName: string, body: CreateScheduleBody): Promise<Schedule> {
      const at = checkedTime(body.at, now());
      await requireWrite(caller.userId, fullName);
      let target: Pick<ScheduleRecord, 'action' | 'pull' | 'collection' | 'slug' | 'mode'>;
      if (body.action === 'publish') {
        // Open and genuine is what a schedule needs now; the branch's rules are read when it runs.
        const pull = await deps.pullReads.get({
          userId: caller.userId,
          fullName,
          number: body.pull,
          review: false,
        });
        if (pull.state !== 'open')
          throw new ConflictError(
            `Pull request #${body.pull} is ${pull.merged ? 'merged' : 'closed'}`,
          );
        const blocker = pull.mergeBlockers[0];
        if (blocker)
          throw new ConflictError(
            `Pull request #${body.pull} cannot be published: ${blocker.message}`,
          );
        const pending = (await records.ofRepo(fullName)).find(
          (record) =>
            record.state === 'pending' && record.action === 'publish' && record.pull === body.pull,
        );
        if (pending)
          throw new ConflictError(
            `Pull request #${body.pull} is already scheduled for ${pending.at} (schedule ${pending.id}): move or cancel that one`,
          );
        target = { action: 'publish', pull: body.pull };
      } else {
        if (
          body.mode === 'delete' &&
          caller.kind === 'token' &&
          !caller.permissions.includes('content:delete')
        ) {
          throw new ForbiddenError(
            'Unpublishing by deletion needs an API token with content:delete',
          );
        }
        await deps.contentReads.get({
          userId: caller.userId,
          fullName,
          collection: body.collection,
          slug: body.slug,
        });
        target = {
          action: 'unpublish',
          collection: body.collection,
          slug: body.slug,
          mode: body.mode,
        };
      }
      const record: ScheduleRecord = {
        id: newScheduleId(),
        ...target,
        at,
        state: 'pending',
        createdBy: caller.login,
        createdAt: new Date(now()).toISOString(),
        repo: fullName,
        userId: caller.userId,
        ...(caller.kind === 'token' && { tokenId: caller.tokenId }),
      };
      await records.add(record);
      await armOrWithdraw(record);
      return publicSchedule(record);
    },

    async list(caller: SignedIn, fullName: string): Promise<Schedule[]> {
      await deps.permissions(caller.userId, fullName);
      return (await records.ofRepo(fullName)).map(publicSchedule);
    },

    /**
     * A new time. Moved by its setter, it runs with the credential they moved it with; moved by an
     * admin, it stays the setter's (it never silently becomes someone else's).
     */
    async reschedule({
      caller,
      fullName,
      id,
      at: newAt,
    }: ScheduleOptions & { at: string }): Promise<Schedule> {
      const record = await changeableOf(caller, fullName, id);
      const at = checkedTime(newAt, now());
      const setter =
        record.userId === caller.userId
          ? {
              createdBy: caller.login,
              tokenId: caller.kind === 'token' ? caller.tokenId : undefined,
            }
          : {};
      const moved = await records.transition({
        record,
        from: 'pending',
        to: 'pending',
        changes: { at, ...setter },
        at: record.at,
      });
      if (!moved) throw new ConflictError(`Schedule ${id} changed meanwhile; read it again`);
      await timer.arm({ id, at });
      return publicSchedule(moved);
    },

    async cancel({ caller, fullName, id }: ScheduleOptions): Promise<Schedule> {
      const record = await changeableOf(caller, fullName, id);
      const cancelled = await records.transition({ record, from: 'pending', to: 'cancelled' });
      if (!cancelled) throw new ConflictError(`Schedule ${id} changed meanwhile; read it again`);
      await timer.disarm(id);
      return publicSchedule(cancelled);
    },
  };

  /** A schedule that cannot be armed is not left pending without a timer. */
  async function armOrWithdraw(record: ScheduleRecord): Promise<void> {
    try {
      await timer.arm(record);
    } catch (error) {
      await records
        .transition({
          record,
          from: 'pending',
          to: 'failed',
          changes: { error: 'the schedule could not be set; try again' },
        })
        .catch(() => undefined);
      throw error;
    }
  }
}

export type ScheduleActions = ReturnType<typeof createScheduleActions>;
