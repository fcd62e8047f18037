import { useEffect, useRef } from 'react';
import { Icon } from 'ui';
import { CategoryCard } from '../cards/category-card';
import './category-menu.css';

interface CategoryMenuProps {
  id: string;
  categories: readonly string[];
  current: string;
  /** Drawer state; only small screens show the menu as a drawer, larger ones always show it. */
  open: boolean;
  onClose: () => void;
}

/**
 * The side menu of categories (product §2.9). One element serves both layouts:
 * CSS makes it a column beside the games, or an off-canvas drawer on small screens.
 */
export function CategoryMenu({ id, categories, current, open, onClose }: CategoryMenuProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind an open drawer must not scroll.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  return (
    <div className={`catalog-category-menu${open ? ' catalog-category-menu--open' : ''}`}>
      <div className="catalog-category-menu__backdrop" aria-hidden="true" onClick={onClose} />
      <nav id={id} className="catalog-category-menu__panel" aria-label="Categories">
        <div className="catalog-category-menu__header">
          <h2 className="catalog-category-menu__title">Categories</h2>
          <button
            ref={closeButton}
            type="button"
            className="catalog-category-menu__close"
            aria-label="Close categories"
            onClick={onClose}
          >
            <Icon name="close" size={18} weight={2.5} />
          </button>
        </div>
        <ul className="catalog-category-menu__list">
          {categories.map((category) => (
            <li key={category}>
              <CategoryCard category={category} current={category === current} onSelect={onClose} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
