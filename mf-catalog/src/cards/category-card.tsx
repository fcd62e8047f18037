import { Link } from 'react-router-dom';
import { categoryPath } from '@portal/shared-contracts';
import { CategoryImage } from '@portal/ui';
import './category-card.css';

interface CategoryCardProps {
  category: string;
  /** The category being shown, marked for assistive tech and styled as selected. */
  current?: boolean;
  onSelect?: () => void;
}

/** A category as a link to its page, with its own artwork (product §2.12). */
export function CategoryCard({ category, current = false, onSelect }: CategoryCardProps) {
  return (
    <Link
      className={`catalog-category-card${current ? ' catalog-category-card--current' : ''}`}
      to={categoryPath(category)}
      aria-current={current ? 'page' : undefined}
      onClick={onSelect}
    >
      <CategoryImage className="catalog-category-card__image" category={category} draggable={false} />
      <span className="catalog-category-card__name">{category}</span>
    </Link>
  );
}
