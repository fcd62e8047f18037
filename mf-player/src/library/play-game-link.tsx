import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { gamePath, playStateOf, rememberPlayedGame, resolveGameImage, type Game } from '@portal/shared-contracts';

/** A game's picture, resolved against the page (none on the server: no document there). */
export function playGameImage(game: Game): string {
  return resolveGameImage(game.image, typeof document === 'undefined' ? '' : document.baseURI);
}

/** A link that plays a game, remembered like a card click (product §2 "Cards"), so a reload plays the same game. */
export function PlayGameLink({ game, className, children }: { game: Game; className: string; children: ReactNode }) {
  return (
    <Link
      className={className}
      to={gamePath(game.id)}
      state={playStateOf(game)}
      onClick={() => rememberPlayedGame(game, playGameImage(game))}
    >
      {children}
    </Link>
  );
}
