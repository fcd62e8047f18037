import { Link } from 'react-router-dom';
import { GAMES, moreLikeThis, PAGE_TEXT, ROUTES, varietyPicks, type Game } from 'shared-contracts';
import { GameLinkRow } from '../library/game-link-row';

/** Like the last game played, or a varied pick for a first visit. */
function suggestionsAfter(recent: readonly Game[]): Game[] {
  const last = recent[0];
  return last ? moreLikeThis(GAMES, last) : varietyPicks(GAMES);
}

/** No playable link for this URL (SPEC §2 "Play page"), then games to play instead. */
export function GameNotFound({ recent }: { recent: readonly Game[] }) {
  return (
    <>
      <div className="empty-state play-page__missing">
        <svg className="play-page__missing-icon" width="64" height="64" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M7 9h4M9 7v4M15.5 9.5h.01M17.5 11.5h.01M6.5 5h11A4.5 4.5 0 0 1 22 9.5l-.6 6.1a3 3 0 0 1-5.4 1.5L14.5 15h-5L8 17.1a3 3 0 0 1-5.4-1.5L2 9.5A4.5 4.5 0 0 1 6.5 5z"
          />
        </svg>
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
