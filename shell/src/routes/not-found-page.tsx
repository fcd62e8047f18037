import { Link } from 'react-router-dom';
import { ROUTES } from '@portal/shared-contracts';
import { NOT_FOUND_TEXT } from '@portal/shared-contracts/seo';

export function NotFoundPage() {
  return (
    <section className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{NOT_FOUND_TEXT.heading}</h1>
      <p className="not-found__text">{NOT_FOUND_TEXT.line}</p>
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
