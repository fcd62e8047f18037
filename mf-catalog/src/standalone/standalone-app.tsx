import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ROUTES, type Brand } from '@portal/shared-contracts';
import AllGamesPage from '../exposes/all-games-page';
import CategoriesRedirect from '../exposes/categories-redirect';
import CategoryPage from '../exposes/category-page';
import HomePage from '../exposes/home-page';
import SearchPage from '../exposes/search-page';
import TagPage from '../exposes/tag-page';

const STANDALONE_BRAND: Brand = {
  id: 'standalone',
  name: 'Catalogue (standalone)',
  logo: '',
  title: 'Catalogue remote',
  favicon: '',
  blurb: 'Standalone catalogue: 70+ free single-player games in puzzle, racing and casual styles.',
};

/** The catalogue's pages without the shell, for this team's development. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <nav style={{ display: 'flex', gap: 16, padding: 16 }}>
        <Link to={ROUTES.home}>Home</Link>
        <Link to={ROUTES.allGames}>All Games</Link>
        <Link to={ROUTES.categories}>Categories</Link>
        <Link to="/search?q=car">Search “car”</Link>
      </nav>
      <Routes>
        <Route path={ROUTES.home} element={<HomePage brand={STANDALONE_BRAND} />} />
        <Route path={ROUTES.allGames} element={<AllGamesPage />} />
        <Route path={ROUTES.categories} element={<CategoriesRedirect />} />
        <Route path={ROUTES.category} element={<CategoryPage />} />
        <Route path={ROUTES.search} element={<SearchPage />} />
        <Route path={ROUTES.tag} element={<TagPage />} />
      </Routes>
      <ToastContainer />
    </BrowserRouter>
  );
}
