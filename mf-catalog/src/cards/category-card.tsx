import { Link } from 'react-router-dom';
import { DEFAULT_CATEGORY_IMAGE, categoryImage, categoryPath } from 'shared-contracts';
import { FallbackImage } from '../images/fallback-image';
import './category-card.css';

interface CategoryCardProps {
  category: string;
  /** The category being shown, marked for assistive tech and styled as selected. */
  current?: boolean;
  onSelect?: () => void;
}

/** A category as a link to its page, with its own artwork (SPEC §2 "Cards"). */
export function CategoryCard({ category, current = false, onSelect }: CategoryCardProps) {
  return (
    <Link
      className={`catalog-category-card${current ? ' catalog-category-card--current' : ''}`}
      to={categoryPath(category)}
      aria-current={current ? 'page' : undefined}
      onClick={onSelect}
    >
      <FallbackImage
        className="catalog-category-card__image"
        src={categoryImage(category)}
        fallback={DEFAULT_CATEGORY_IMAGE}
        width={400}
        height={300}
        draggable={false}
      />
      <span className="catalog-category-card__name">{category}</span>
    </Link>
  );
}
