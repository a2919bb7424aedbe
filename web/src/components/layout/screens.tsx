import { lazy, Suspense } from 'react';
import { useRouter } from '../../router/router';
import { RepoLayout } from '../repos/repo-layout';
import { ReposPage } from '../repos/repos-page';
import { ItemListPage } from '../items/item-list-page';
import { RepoHome } from '../repos/repo-home';
import { ReviewsPage } from '../reviews/reviews-page';
import { ReviewPage } from '../reviews/review-page';
import { TokensPage } from '../settings/tokens-page';
import { EmptyState, Loading } from '../ui/states';
import { Link } from '../../router/link';

// CodeMirror and markdown-it load with the first item opened, not with the repository list.
const EditorPage = lazy(() => import('../editor/editor-page').then((module) => ({ default: module.EditorPage })));

/** The screen for the current address. */
export function Screens() {
  const { route } = useRouter();
  switch (route.name) {
    case 'repos':
      return <ReposPage />;
    case 'tokens':
      return <TokensPage />;
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
          {route.name === 'collection' && <ItemListPage key={route.collection} collection={route.collection} />}
          {(route.name === 'item' || route.name === 'new-item') && (
            <Suspense fallback={<Loading label="Opening the editor…" />}>
              <EditorPage key={`${route.collection}/${route.name === 'item' ? route.slug : '(new)'}`} collection={route.collection} slug={route.name === 'item' ? route.slug : undefined} />
            </Suspense>
          )}
          {route.name === 'reviews' && <ReviewsPage />}
          {route.name === 'review' && <ReviewPage key={route.number} number={route.number} />}
        </RepoLayout>
      );
  }
}
