import { Link } from 'react-router-dom';
import { PAGE_TEXT, ROUTES } from 'shared-contracts';
import { Icon } from 'ui';

/** No playable link for this URL (product §2.11). */
export function GameNotFound() {
  return (
    <div className="empty-state play-page__missing">
      <Icon name="gamepad" className="play-page__missing-icon" size={64} weight={1.6} />
      <h1 className="page-title play-page__missing-title">{PAGE_TEXT.gameNotFound}</h1>
      <Link className="button button--primary" to={ROUTES.allGames}>
        Browse all games
      </Link>
    </div>
  );
}
