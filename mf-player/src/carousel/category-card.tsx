import type { SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { categoryImage, categoryPath, DEFAULT_CATEGORY_IMAGE } from 'shared-contracts';

/** Swaps a broken category image for the default one, once (the default never fails: it is inline). */
function showDefaultCategoryImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.src !== DEFAULT_CATEGORY_IMAGE) image.src = DEFAULT_CATEGORY_IMAGE;
}

/** A category's card: its artwork and name, linking to its category page. */
export function CategoryCard({ category }: { category: string }) {
  return (
    <Link className="category-card" to={categoryPath(category)}>
      <img
        className="category-card__image"
        src={categoryImage(category)}
        alt=""
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={showDefaultCategoryImage}
      />
      <span className="category-card__name">{category}</span>
    </Link>
  );
}
