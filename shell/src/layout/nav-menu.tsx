import { Link, useLocation } from 'react-router-dom';
import { activeNavItem, ROUTES, type NavItem } from '@portal/shared-contracts';
import './nav-menu.css';

const ITEMS: { id: NavItem; label: string; to: string }[] = [
  { id: 'home', label: 'Home', to: ROUTES.home },
  { id: 'allGames', label: 'All Games', to: ROUTES.allGames },
  { id: 'categories', label: 'Categories', to: ROUTES.categories },
];

/** Top navigation; the active item follows product §2 (Categories for any /categories path). */
export function NavMenu() {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  return (
    <nav className="nav-menu" aria-label="Main">
      {ITEMS.map((item) => (
        <Link
          key={item.id}
          to={item.to}
          className={`nav-menu__item${active === item.id ? ' nav-menu__item--active' : ''}`}
          aria-current={active === item.id ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
