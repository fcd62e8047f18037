import { Link } from 'react-router-dom';
import { GAMES, PAGE_TEXT, ROUTES, type Game } from '@portal/shared-contracts';
import { moreLikeThis, varietyPicks } from '@portal/shared-contracts/related';
import { GameLinkRow } from '../library';
import { Icon } from '@portal/ui';

/** Like the last game played, or a varied pick for a first visit. */
function suggestionsAfter(recent: readonly Game[]): Game[] {
  const last = recent[0];
  return last ? moreLikeThis(GAMES, last) : varietyPicks(GAMES);
}

/** No playable link for this URL (product §2 "Play page"), then games to play instead. */
export function GameNotFound({ recent }: { recent: readonly Game[] }) {
  return (
    <>
      <div className="empty-state play-page__missing">
        <Icon name="gamepad" className="play-page__missing-icon" size={64} weight={1.6} />
        <h1 className="page-title play-page__missing-title">{PAGE_TEXT.gameNotFound}</h1>
        <Link className="button button--primary" to={ROUTES.allGames}>
          Browse all games
        </Link>
      </div>
      <GameLinkRow title="More like this" games={suggestionsAfter(recent)} />
      <GameLinkRow title="Recently played" games={recent} />
    </>
  );
}
