import { Link } from 'react-router-dom';
import { ROUTES, type Game } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { Icon } from '@portal/ui';
import { GameLinkRow } from '../library';

/**
 * The play page of a game the link checker found dead (decision 0058; the server answers it
 * with 410): what happened, and similar games to play instead.
 */
export function GameUnavailable({ game, instead }: { game: Game; instead: readonly Game[] }) {
  return (
    <>
      <div className="empty-state play-page__missing" role="status">
        <Icon name="gamepad" className="play-page__missing-icon" size={64} weight={1.6} />
        <h1 className="page-title play-page__missing-title">{PLAY_DATA_TEXT.gameUnavailable}</h1>
        <p className="play-page__missing-hint">{PLAY_DATA_TEXT.gameUnavailableHint(game.name)}</p>
        <Link className="button button--primary" to={ROUTES.allGames}>
          Browse all games
        </Link>
      </div>
      <GameLinkRow title={PLAY_DATA_TEXT.playInstead} games={instead} />
    </>
  );
}
