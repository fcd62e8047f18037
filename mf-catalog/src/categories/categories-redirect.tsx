import { Navigate } from 'react-router-dom';
import { GAMES, ROUTES, categoryPath, firstCategory } from '@portal/shared-contracts';

/** /categories goes to the alphabetically first category (product §2), replacing the history entry. */
export function CategoriesRedirect() {
  const first = firstCategory(GAMES);
  return <Navigate replace to={first === undefined ? ROUTES.home : categoryPath(first)} />;
}
