import { categoryPath, listingHead } from '@loopbox/pages';
import { CategoryCards } from '../feeds/CategoryCards.tsx';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

/** `/categories`: every category with its featured GIF. */
export default function CategoriesPage() {
  const { client } = useSite();
  usePage(listingHead('categories'), { pagePath: '/categories' });
  const categories = useResource('categories', () => client.categories());
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Categories</h1>
      </header>
      {categories.status === 'loading' && <PageLoading label="Loading the categories" />}
      {categories.status === 'error' && <PageFailed onRetry={() => location.reload()}>The categories could not be loaded.</PageFailed>}
      {categories.status === 'ok' && <CategoryCards categories={categories.data.data} hrefOf={(c) => categoryPath(c.name_encoded)} wrap />}
    </div>
  );
}
