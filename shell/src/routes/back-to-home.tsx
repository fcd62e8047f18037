import { Link } from 'react-router-dom';
import { ROUTES } from '@portal/shared-contracts';

/** The closing "Back to Home" button of the site's own text pages (terms, privacy). */
export function BackToHome() {
  return (
    <p>
      <Link to={ROUTES.home} className="button button--primary">
        Back to Home
      </Link>
    </p>
  );
}
