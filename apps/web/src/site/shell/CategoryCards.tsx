import { getBestRenditionUrl, getAltText, type ICategory } from '@loopbox/sdk';
import { Link } from 'wouter';

/** Picture size (4:3, as site.css draws it): the featured GIF is shown whole in it, so cards never change height as images load. */
const CARD_WIDTH = 248;
const CARD_HEIGHT = 186;
/** The first cards are on the first screen of a desktop: no lazy-loading delay for them. */
const EAGER_CARDS = 4;

/**
 * Categories as cards, each its featured GIF with its name in a strip below (not over the GIF, whose own caption stays readable), linking to the category: one scrolling
 * row, or wrapped into a grid (`wrap`) on the category pages. The images are
 * thumbnails of a listing (lazy, no usage reports): the GIFs themselves report on their own pages.
 */
export function CategoryCards({ categories, hrefOf, wrap = false }: { categories: readonly ICategory[]; hrefOf: (category: ICategory) => string; wrap?: boolean }) {
  return (
    <ul className={wrap ? 'lb-category-cards lb-category-cards--wrap' : 'lb-category-cards'}>
      {categories.map((category, index) => {
        const image = category.gif && (getBestRenditionUrl(category.gif, CARD_WIDTH, CARD_HEIGHT, 'webp') ?? getBestRenditionUrl(category.gif, CARD_WIDTH, CARD_HEIGHT));
        return (
          <li key={category.name_encoded}>
            <Link href={hrefOf(category)} className="lb-category-card">
              {image && category.gif ? (
                <img src={image} alt={getAltText(category.gif)} width={CARD_WIDTH} height={CARD_HEIGHT} loading={index < EAGER_CARDS ? 'eager' : 'lazy'} decoding="async" />
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
