import { CATEGORY_CARD_HEIGHT, CATEGORY_CARD_WIDTH, categoryCardImage, EAGER_CATEGORY_CARDS } from '@loopbox/pages';
import { getAltText, type ICategory } from '@loopbox/sdk';
import { Link } from 'wouter';

/**
 * Categories as cards, each its featured GIF with its name in a strip below (not over the GIF, whose own caption stays readable), linking to the category: one scrolling
 * row, or wrapped into a grid (`wrap`) on the category pages. The images are
 * thumbnails of a listing (lazy, no usage reports): the GIFs themselves report on their own pages.
 */
export function CategoryCards({
  categories,
  hrefOf,
  wrap = false,
}: {
  categories: readonly ICategory[];
  hrefOf: (category: ICategory) => string;
  wrap?: boolean;
}) {
  return (
    <ul className={wrap ? 'lb-category-cards lb-category-cards--wrap' : 'lb-category-cards'}>
      {categories.map((category, index) => {
        const image = category.gif && categoryCardImage(category.gif);
        return (
          <li key={category.name_encoded}>
            <Link href={hrefOf(category)} className="lb-category-card">
              {image && category.gif ? (
                <img
                  src={image}
                  alt={getAltText(category.gif)}
                  width={CATEGORY_CARD_WIDTH}
                  height={CATEGORY_CARD_HEIGHT}
                  loading={index < EAGER_CATEGORY_CARDS ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : (
                <span className="lb-category-card__blank" />
              )}
              <span className="lb-category-card__name">{category.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
