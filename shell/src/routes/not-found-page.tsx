import { Link } from 'react-router-dom';
import { PAGE_TEXT, ROUTES } from 'shared-contracts';

export function NotFoundPage() {
  return (
    <section className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{PAGE_TEXT.pageNotFound}</h1>
      <p className="not-found__text">{PAGE_TEXT.pageNotFoundLine}</p>
      <div className="not-found__actions">
        <Link to={ROUTES.home} className="button button--primary">
          Back to Home
        </Link>
        <Link to={ROUTES.allGames} className="button">
          All Games
        </Link>
      </div>
    </section>
  );
}
