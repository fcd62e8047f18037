import type { Game } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { GameControls } from './game-controls';
import { useGameDetails } from './game-details-store';
import { ReadMore } from './read-more';
import './game-details.css';

/** "About <game>" with the feed's description, then its controls; nothing for a game the feed did not describe. */
export function GameAbout({ game }: { game: Pick<Game, 'id' | 'name'> }) {
  const details = useGameDetails(game.id);
  if (!details) return null;
  return (
    <>
      <section className="game-about">
        <h2 className="game-about__title">{PLAY_DATA_TEXT.aboutGame(game.name)}</h2>
        <ReadMore text={details.description} />
      </section>
      <GameControls instructions={details.instructions} />
    </>
  );
}
