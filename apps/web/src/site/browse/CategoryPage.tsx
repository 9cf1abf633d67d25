import { categoryHead, categoryPath } from '@loopbox/pages';
import type { ICategory } from '@loopbox/sdk';
import { useCallback } from 'react';
import { Link } from 'wouter';
import ErrorPage from '../errors/ErrorPage.tsx';
import { CategoryCards } from '../feeds/CategoryCards.tsx';
import { GifCarousel } from '../feeds/GifCarousel.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

/** A category with its subcategories (one list answers both pages). */
const findCategory = (categories: readonly ICategory[], slug: string) => categories.find((c) => c.name_encoded === slug);

/**
 * `/categories/{category}`: its subcategories, each with its featured GIF, then a row of each one's
 * GIFs; and
 * `/categories/{category}/{subcategory}`: the subcategory's GIFs. An unknown slug is the 404 page.
 */
export default function CategoryPage({ category, subcategory }: { category: string; subcategory?: string }) {
  const { client } = useSite();
  const found = useResource(`category:${category}`, async () => {
    const all = await client.categories();
    const parent = findCategory(all.data, category);
    return parent ? { parent, subcategories: (await client.subcategories(category)).data } : null;
  });
  if (found.status === 'loading') return <PageLoading label="Loading the category" />;
  if (found.status === 'error') return <PageFailed onRetry={() => location.reload()}>This category could not be loaded.</PageFailed>;
  const parent = found.data?.parent;
  const sub = subcategory === undefined ? undefined : found.data?.subcategories.find((s) => s.name_encoded === subcategory);
  if (!parent || (subcategory !== undefined && !sub)) return <ErrorPage status={404} />;
  return sub ? <SubcategoryGifs parent={parent} sub={sub} /> : <Subcategories parent={parent} subcategories={found.data!.subcategories} />;
}

function Subcategories({ parent, subcategories }: { parent: ICategory; subcategories: ICategory[] }) {
  usePage(categoryHead(parent.name), { pagePath: categoryPath(parent.name_encoded) });
  return (
    <div>
      <header className="lb-page-header">
        <p className="lb-breadcrumb">
          <Link href="/categories">Categories</Link>
        </p>
        <h1 className="lb-page-header__title">{parent.name}</h1>
      </header>
      <CategoryCards categories={subcategories} hrefOf={(s) => categoryPath(parent.name_encoded, s.name_encoded)} wrap />
      {subcategories.map((sub) => (
        <SubcategoryRow key={sub.name_encoded} parent={parent} sub={sub} />
      ))}
    </div>
  );
}

/** A row of a subcategory's GIFs under its name, on its category's page. */
function SubcategoryRow({ parent, sub }: { parent: ICategory; sub: ICategory }) {
  const { client } = useSite();
  const fetchGifs = useCallback(
    (offset: number) => client.gifs(parent.name_encoded, sub.name_encoded, { offset, limit: SITE_PAGE_SIZE }),
    [client, parent.name_encoded, sub.name_encoded],
  );
  const id = `subcategory-${sub.name_encoded}`;
  return (
    <section className="lb-section" aria-labelledby={id}>
      <h2 id={id} className="lb-section__title">
        <Link href={categoryPath(parent.name_encoded, sub.name_encoded)}>{sub.name}</Link>
      </h2>
      <GifCarousel fetchGifs={fetchGifs} label={`${sub.name} GIFs`} />
    </section>
  );
}

function SubcategoryGifs({ parent, sub }: { parent: ICategory; sub: ICategory }) {
  const { client } = useSite();
  usePage(categoryHead(sub.name, parent.name), { pagePath: categoryPath(parent.name_encoded, sub.name_encoded) });
  const fetchGifs = useCallback(
    (offset: number) => client.gifs(parent.name_encoded, sub.name_encoded, { offset, limit: SITE_PAGE_SIZE }),
    [client, parent.name_encoded, sub.name_encoded],
  );
  return (
    <div>
      <header className="lb-page-header">
        <p className="lb-breadcrumb">
          <Link href="/categories">Categories</Link> / <Link href={categoryPath(parent.name_encoded)}>{parent.name}</Link>
        </p>
        <h1 className="lb-page-header__title">{sub.name} GIFs</h1>
      </header>
      <GifFeed fetchGifs={fetchGifs} />
    </div>
  );
}
