// The search box's suggestions (decision 0026): the data, which carries the whole catalogue, and
// the options drawn from it. The search box loads this on first focus or keystroke, never at
// start-up (decision 0016).
import type { NavigateFunction } from 'react-router-dom';
import { GAMES, gamePath, playStateOf, rememberPlayedGame, resolveGameImage, type Game } from 'shared-contracts';
import { DEFAULT_GAME_IMAGE } from 'shared-contracts/game-art';
import { withoutUnavailable } from 'shared-contracts/play-data';
import { suggestGames } from 'shared-contracts/related';
import { FallbackImage } from 'ui';

/** Up to six games whose names match what the player typed, without games found dead (decision 0058). */
export const suggestionsFor = (text: string): readonly Game[] => suggestGames(withoutUnavailable(GAMES), text);

const suggestionImage = (game: Game): string => resolveGameImage(game.image, document.baseURI);

/** Opens a suggested game, remembered like a card click (product §2 "Cards"), so a reload plays the same game. */
export function openSuggestion(game: Game, navigate: NavigateFunction): void {
  rememberPlayedGame(game, suggestionImage(game));
  void navigate(gamePath(game.id), { state: playStateOf(game) });
}

interface SuggestionOptionsProps {
  games: readonly Game[];
  /** The highlighted option's index; -1: none. */
  active: number;
  optionId: (index: number) => string;
  onOpen: (game: Game) => void;
  onHighlight: (index: number) => void;
}

/** The combobox's options: each game's thumbnail, name and category. */
export function SuggestionOptions({ games, active, optionId, onOpen, onHighlight }: SuggestionOptionsProps) {
  return games.map((game, index) => (
    <li
      key={game.id}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className={`search-box__option${index === active ? ' search-box__option--active' : ''}`}
      // mousedown, not click: the input must not blur (and close the list) first.
      onMouseDown={(event) => {
        event.preventDefault();
        onOpen(game);
      }}
      onMouseEnter={() => onHighlight(index)}
    >
      <FallbackImage
        className="search-box__thumb"
        src={suggestionImage(game)}
        fallback={DEFAULT_GAME_IMAGE}
        alt=""
        width="40"
        height="40"
      />
      <span className="search-box__option-text">
        <span className="search-box__option-name">{game.name}</span>
        <span className="search-box__option-category">{game.category}</span>
      </span>
    </li>
  ));
}
