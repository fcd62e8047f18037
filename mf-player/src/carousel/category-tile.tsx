import { Link } from 'react-router-dom';
import { categoryPath } from '@portal/shared-contracts';
import { CategoryImage } from '@portal/ui';

/**
 * A carousel tile of a category: its artwork (with the one fallback of `ui`) and name, linking
 * to the category page. The catalogue's CategoryCard is the menu row of the category pages.
 */
export function CategoryTile({ category }: { category: string }) {
  return (
    <Link className="category-card" to={categoryPath(category)}>
      <CategoryImage className="category-card__image" category={category} loading="lazy" decoding="async" draggable={false} />
      <span className="category-card__name">{category}</span>
    </Link>
  );
}
