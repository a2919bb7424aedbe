import { lazy, Suspense, useId, useState } from 'react';
import type {
  ContentDiff,
  PublishBlocker,
  PullRequestDetail,
} from '../../../../shared/pulls/schemas';
import { isRecord } from '../../api/client';
import {
  closePull,
  markPullInProgress,
  markPullReady,
  mergePull,
  rebasePull,
  updatePull,
} from '../../api/pulls';
import type { DraftItem } from '../../lib/item-query';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { MergeBlockers } from './merge-blockers';
import { PublishBlockers } from './publish-blockers';
import { PublishQuestion } from './publish-question';

// A change set's question lists its items: loaded with the click on a set's Publish.
const SetPublishQuestion = lazy(() => import('./set-publish-question'));

type Pending = 'merge' | 'update' | 'rebase' | 'close' | 'ready' | 'unready';

interface Outcome {
  tone: 'ok' | 'error';
  message: string;
  /** The change request moved since it was read: read it again before publishing. */
  reload?: boolean;
}

/** Publish (squash merge), Ready for review / Back to in progress, Update from main, Force rebase (after update conflicts), Close. */
export function ReviewActions({
  pull,
  item,
  diffs,
  onChanged,
}: {
  pull: PullRequestDetail;
  /** A change set's diff as the reviewer read it: its publish question lists it. */
  diffs?: readonly ContentDiff[];
  /** The draft's own item as its diff has it, once the diff is read: the confirmation names it. */
  item?: DraftItem;
  onChanged(): void;
}) {
  const { repo, config, reloadPulls } = useRepo();
  const { navigate } = useRouter();
  const [busy, setBusy] = useState<Pending | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [conflictFields, setConflictFields] = useState<string[] | undefined>();
  const [confirm, setConfirm] = useState<'publish' | 'rebase' | 'close' | undefined>();
  // What a 409 of Publish named, for the detail it was refused on (a reload brings the detail's own).
  const [refused, setRefused] = useState<
    { pull: PullRequestDetail; blockers: PublishBlocker[] } | undefined
  >();
  const blockersId = useId();
  const labels = new Map(
    (config.collections[pull.collection]?.fields ?? []).map((field) => [field.name, field.label]),
  );
  const labelOf = (name: string) => (name === 'body' ? 'the body' : (labels.get(name) ?? name));

  const run = async (action: Pending, work: () => Promise<string>) => {
    setBusy(action);
    setOutcome(undefined);
    try {
      setOutcome({ tone: 'ok', message: await work() });
      onChanged();
      reloadPulls();
    } catch (cause) {
      const body = (cause as { body?: unknown }).body;
      if (action === 'update' && isRecord(body) && body.ok === false)
        setConflictFields(Array.isArray(body.fields) ? body.fields.map(String) : []);
      if (
        action === 'merge' &&
        isRecord(body) &&
        Array.isArray(body.publishBlockers) &&
        body.publishBlockers.length > 0
      ) {
        setRefused({ pull, blockers: body.publishBlockers as PublishBlocker[] });
        setOutcome({
          tone: 'error',
          message: 'Not published: the branch’s rules are not met yet.',
        });
        onChanged(); // the panel's approvals and checks catch up with what the refusal saw
        return;
      }
      const moved = action === 'merge' && isRecord(body) && body.reason === 'head-moved';
      setOutcome({ tone: 'error', message: (cause as Error).message, reload: moved });
    } finally {
      setBusy(undefined);
    }
  };

  const message = outcome && (
    <p
      role={outcome.tone === 'error' ? 'alert' : 'status'}
      className={outcome.tone === 'error' ? 'error-text' : 'ok-text'}
      data-testid="review-outcome"
    >
      {outcome.message}
      {conflictFields &&
        conflictFields.length > 0 &&
        ` In conflict: ${conflictFields.map(labelOf).join(', ')}.`}
      {outcome.reload && (
        <>
          {' '}
          <button
            type="button"
            className="button small"
            onClick={() => {
              setOutcome(undefined);
              onChanged();
            }}
          >
            Reload
          </button>
        </>
      )}
    </p>
  );
  // Once published or closed there is nothing left to do but read what happened.
  if (pull.state !== 'open')
    return message ? <section className="review-actions">{message}</section> : null;
  const disabled = busy !== undefined;
  // Not a genuine draft: the service refuses to publish, update or rebase it (409), so the buttons say so first.
  const blockers = pull.mergeBlockers ?? [];
  const blocked = blockers.length > 0;
  // A genuine draft the branch's protection or rulesets do not let through yet: Publish waits, saying why.
  const publishBlockers =
    refused?.pull === pull ? refused.blockers : (pull.review?.publishBlockers ?? []);
  const waiting = publishBlockers.length > 0;
  const isSet = pull.set !== undefined;
  return (
    <section className="review-actions" aria-label="Review actions">
      <MergeBlockers blockers={blockers} />
      <div className="button-row">
        <button
          type="button"
          className="button primary"
          disabled={disabled || blocked || waiting || (isSet && !diffs)}
          aria-describedby={waiting ? blockersId : undefined}
          onClick={() => setConfirm('publish')}
        >
          {busy === 'merge' ? 'Publishing…' : 'Publish'}
        </button>
        {pull.draft === true ? (
          <button
            type="button"
            className="button"
            disabled={disabled || blocked}
            onClick={() =>
              run(
                'ready',
                async () => (
                  await markPullReady(repo, pull.number),
                  'Ready for review: the change request is in review now.'
                ),
              )
            }
          >
            {busy === 'ready' ? 'Marking ready…' : 'Ready for review'}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={disabled || blocked}
            onClick={() =>
              run(
                'unready',
                async () => (
                  await markPullInProgress(repo, pull.number),
                  'Back in progress: the change request is no longer in review.'
                ),
              )
            }
          >
            {busy === 'unready' ? 'Moving back…' : 'Back to in progress'}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={disabled || blocked}
          onClick={() =>
            run(
              'update',
              async () => (
                await updatePull(repo, pull.number),
                setConflictFields(undefined),
                'Updated: the change request now includes the latest changes from main.'
              ),
            )
          }
        >
          {busy === 'update' ? 'Updating…' : 'Update from main'}
        </button>
        {conflictFields && (
          <button
            type="button"
            className="button danger"
            disabled={disabled}
            onClick={() => setConfirm('rebase')}
          >
            Force rebase…
          </button>
        )}
        <button
          type="button"
          className="button ghost"
          disabled={disabled}
          onClick={() => setConfirm('close')}
        >
          Close change request…
        </button>
      </div>
      {pull.draft === true && (
        <p className="muted small" data-testid="in-progress-note">
          Still in progress: nobody has marked this change request ready for review yet.
        </p>
      )}
      <PublishBlockers blockers={blocked ? [] : publishBlockers} id={blockersId} />
      {message}
      {confirm === 'publish' && isSet && diffs && (
        <Suspense fallback={null}>
          <SetPublishQuestion
            pull={pull}
            diffs={diffs}
            onCancel={() => setConfirm(undefined)}
            onConfirm={() => {
              setConfirm(undefined);
              // Exactly the head whose diff was read: a save since answers 409 head-moved.
              void run('merge', async () => {
                await mergePull(repo, pull.number, pull.headSha);
                return 'Published: every item of the change set is on main now.';
              });
            }}
          />
        </Suspense>
      )}
      {confirm === 'publish' && !isSet && (
        <PublishQuestion
          pull={pull}
          repo={repo}
          item={item}
          collectionLabel={config.collections[pull.collection]?.label ?? pull.collection}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() => {
            setConfirm(undefined);
            void run('merge', async () => {
              const merged = await mergePull(repo, pull.number);
              // A save that landed while publishing is kept as a draft of its own: say where.
              return [
                'Published: the change request is merged into main.',
                merged.keptBranch?.message,
              ]
                .filter(Boolean)
                .join(' ');
            });
          }}
        />
      )}
      {confirm === 'rebase' && (
        <ConfirmDialog
          title="Force rebase this change request?"
          confirmLabel="Force rebase"
          tone="danger"
          onCancel={() => setConfirm(undefined)}
          onConfirm={async () => {
            setConfirm(undefined);
            await run(
              'rebase',
              async () => (
                await rebasePull(repo, pull.number),
                setConflictFields(undefined),
                'Rebased: the change request starts from the latest main again.'
              ),
            );
          }}
        >
          The draft is recreated from the latest main and this draft’s version of{' '}
          {isSet ? 'each of its items' : pull.slug} is committed on top. Whatever was changed on
          main in this item since the draft began
          {conflictFields?.length ? ` (${conflictFields.map(labelOf).join(', ')})` : ''} is replaced
          by the draft’s version when it is published. Other files are not affected.
        </ConfirmDialog>
      )}
      {confirm === 'close' && (
        <ConfirmDialog
          title="Close this change request without publishing?"
          confirmLabel="Close change request"
          tone="danger"
          onCancel={() => setConfirm(undefined)}
          onConfirm={async () => {
            await closePull(repo, pull.number);
            reloadPulls();
            navigate({ name: 'reviews', repo });
          }}
        >
          {blocked
            ? `The pull request is closed; the branch ${pull.branch} is kept, since it is not a change request of this repository. The published version stays as it is.`
            : `The pull request is closed and the branch ${pull.branch} deleted. The published version stays as it is.`}
        </ConfirmDialog>
      )}
    </section>
  );
}
