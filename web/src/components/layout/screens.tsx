import { lazy, Suspense } from 'react';
import { useRouter } from '../../router/router';
import { RepoLayout } from '../repos/repo-layout';
import { RepoHome } from '../repos/repo-home';
import { EmptyState, Loading } from '../ui/states';
import { Link } from '../../router/link';

// CodeMirror and markdown-it load with the first item opened, not with the repository list.
const EditorPage = lazy(() =>
  import('../editor/editor-page').then((module) => ({ default: module.EditorPage })),
);
// The list's virtual scroller is not needed by an editor opened directly, and the reverse.
const ItemListPage = lazy(() =>
  import('../items/item-list-page').then((module) => ({ default: module.ItemListPage })),
);
// The repository list (with connecting and the no-access and no-config help) is no part of an
// item's screen: it loads when visited, like the pages below.
const ReposPage = lazy(() =>
  import('../repos/repos-page').then((module) => ({ default: module.ReposPage })),
);
// Reviews and tokens load when first visited, so neither the list nor the editor carries them.
const ReviewsPage = lazy(() =>
  import('../reviews/reviews-page').then((module) => ({ default: module.ReviewsPage })),
);
const ReviewPage = lazy(() =>
  import('../reviews/review-page').then((module) => ({ default: module.ReviewPage })),
);
const ActivityPage = lazy(() =>
  import('../activity/activity-page').then((module) => ({ default: module.ActivityPage })),
);
const WebhooksPage = lazy(() =>
  import('../webhooks/webhooks-page').then((module) => ({ default: module.WebhooksPage })),
);
// A translated collection's board is visited from its list now and then: loaded then.
const TranslationBoard = lazy(() => import('../i18n/translation-board'));
const TokensPage = lazy(() =>
  import('../settings/tokens-page').then((module) => ({ default: module.TokensPage })),
);

/** The screen for the current address. */
export function Screens() {
  const { route } = useRouter();
  switch (route.name) {
    case 'repos':
      return (
        <Suspense fallback={<Loading label="Loading repositories…" />}>
          <ReposPage />
        </Suspense>
      );
    case 'tokens':
      return (
        <Suspense fallback={<Loading />}>
          <TokensPage />
        </Suspense>
      );
    case 'not-found':
      return (
        <EmptyState title="There is nothing at this address">
          <Link to={{ name: 'repos' }}>Go to your repositories</Link>
        </EmptyState>
      );
    default:
      return (
        <RepoLayout repo={route.repo}>
          {route.name === 'repo' && <RepoHome />}
          {route.name === 'collection' && (
            <Suspense fallback={<Loading label="Loading the items…" />}>
              <ItemListPage
                key={`${route.collection}:${route.locale ?? ''}`}
                collection={route.collection}
                locale={route.locale}
              />
            </Suspense>
          )}
          {route.name === 'translations' && (
            <Suspense fallback={<Loading label="Loading the translations…" />}>
              <TranslationBoard key={route.collection} collection={route.collection} />
            </Suspense>
          )}
          {(route.name === 'item' || route.name === 'new-item') && (
            <Suspense fallback={<Loading label="Opening the editor…" />}>
              <EditorPage
                key={`${route.collection}/${route.name === 'item' ? `${route.slug}:${route.locale ?? ''}` : '(new)'}`}
                collection={route.collection}
                slug={route.name === 'item' ? route.slug : undefined}
                showHistory={route.name === 'item' && route.history === true}
                locale={route.name === 'item' ? route.locale : undefined}
              />
            </Suspense>
          )}
          {(route.name === 'reviews' || route.name === 'review') && (
            <Suspense fallback={<Loading label="Opening the reviews…" />}>
              {route.name === 'reviews' ? (
                <ReviewsPage />
              ) : (
                <ReviewPage key={route.number} number={route.number} />
              )}
            </Suspense>
          )}
          {route.name === 'activity' && (
            <Suspense fallback={<Loading label="Loading the activity…" />}>
              <ActivityPage />
            </Suspense>
          )}
          {route.name === 'webhooks' && (
            <Suspense fallback={<Loading label="Loading the webhooks…" />}>
              <WebhooksPage />
            </Suspense>
          )}
        </RepoLayout>
      );
  }
}
