import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { GAMES, PAGE_TEXT, categoryPath, gamesInCategory, listCategories } from '@portal/shared-contracts';
import { Icon } from '@portal/ui';
import { GameGrid } from '../cards';
import { SortControl, useAvailableGames, useSortedGames } from '../play-data';
import { NOT_FOUND_TEXT } from '@portal/shared-contracts/seo';
import { UnknownListing } from '../not-found';
import { CategoryMenu } from './category-menu';
import './category-page.css';

const CATEGORIES = listCategories(GAMES);
const MENU_ID = 'catalog-category-menu';
const KNOWN = CATEGORIES.map((category) => ({ label: category, to: categoryPath(category) }));

/**
 * A category's games beside the menu of every category (product §2.9); a category no game has is
 * a page the site does not have (the server answers 404): "Page not found" and every category.
 */
export function CategoryPage() {
  // React Router hands the param over already URL-decoded.
  const { categoryName = '' } = useParams();
  if (!CATEGORIES.includes(categoryName))
    return <UnknownListing reason={PAGE_TEXT.noGamesInCategory} listTitle={NOT_FOUND_TEXT.knownCategories} items={KNOWN} />;
  return <KnownCategoryPage categoryName={categoryName} />;
}

function KnownCategoryPage({ categoryName }: { categoryName: string }) {
  const inCategory = useMemo(() => gamesInCategory(GAMES, categoryName), [categoryName]);
  const { sort, sorted: games } = useSortedGames(useAvailableGames(inCategory));
  // The drawer belongs to the category it was opened on: navigating anywhere closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === categoryName;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpenOn(null), []);

  // Closing the drawer puts focus back on the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) menuButton.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  return (
    <div className="page catalog-category-page">
      <CategoryMenu id={MENU_ID} categories={CATEGORIES} current={categoryName} open={drawerOpen} onClose={closeDrawer} />
      <section className="catalog-category-page__content" aria-labelledby="catalog-category-title">
        <div className="catalog-category-page__header">
          <button
            ref={menuButton}
            type="button"
            className="button catalog-category-page__menu-button"
            aria-expanded={drawerOpen}
            aria-controls={MENU_ID}
            onClick={() => setDrawerOpenOn(categoryName)}
          >
            <Icon name="menu" className="catalog-category-page__menu-icon" size={18} weight={2.5} />
            Categories
          </button>
          <h1 id="catalog-category-title" className="page-title catalog-category-page__title">
            {categoryName}
          </h1>
          {inCategory.length > 0 && <SortControl sort={sort} />}
        </div>
        <GameGrid games={games} emptyText={PAGE_TEXT.noGamesInCategory} label={categoryName} />
      </section>
    </div>
  );
}
