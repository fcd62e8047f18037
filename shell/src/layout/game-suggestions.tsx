// The search box's suggestions (decision 0026): the data, which carries the whole catalogue, and
// the options drawn from it. The search box loads this on first focus or keystroke, never at
// start-up (decision 0016).
import type { NavigateFunction } from 'react-router-dom';
import { GAMES, gamePath, playStateOf, rememberPlayedGame, resolveGameImage, type Game } from '@portal/shared-contracts';
import { SEARCH_TEXT, suggestMatches, type SearchMatch } from '@portal/shared-contracts/related';
import { GameThumb } from '@portal/ui';
import { withoutUnavailable } from '@portal/runtime';

/**
 * Up to six games for what the player typed, each with why it matched (the search page shows
 * them all), without games found dead (decision 0058).
 */
export const suggestionsFor = (text: string): readonly SearchMatch[] => suggestMatches(withoutUnavailable(GAMES), text);

const suggestionImage = (game: Game): string => resolveGameImage(game.image, document.baseURI);

/** Opens a suggested game, remembered like a card click (product §2 "Cards"), so a reload plays the same game. */
export function openSuggestion(game: Game, navigate: NavigateFunction): void {
  rememberPlayedGame(game, suggestionImage(game));
  void navigate(gamePath(game.id), { state: playStateOf(game) });
}

interface SuggestionOptionsProps {
  matches: readonly SearchMatch[];
  /** What the player typed: marked in the names it matched. */
  text: string;
  /** The highlighted option's index; -1: none. */
  active: number;
  optionId: (index: number) => string;
  onOpen: (game: Game) => void;
  onHighlight: (index: number) => void;
}

/** The name with the typed text marked where it matched (the first time). */
function MarkedName({ name, text }: { name: string; text: string }) {
  const needle = text.trim().toLocaleLowerCase();
  const at = needle === '' ? -1 : name.toLocaleLowerCase().indexOf(needle);
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark className="search-box__match">{name.slice(at, at + needle.length)}</mark>
      {name.slice(at + needle.length)}
    </>
  );
}

/**
 * The combobox's options: each game's thumbnail and name, and why it came up: the typed text
 * marked in the name, or the tag it matched ("Tagged BMX") in place of the category.
 */
export function SuggestionOptions({ matches, text, active, optionId, onOpen, onHighlight }: SuggestionOptionsProps) {
  return matches.map((match, index) => {
    const { game } = match;
    return (
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
        <GameThumb className="search-box__thumb" src={suggestionImage(game)} size={40} />
        <span className="search-box__option-text">
          <span className="search-box__option-name">
            {match.by === 'name' ? <MarkedName name={game.name} text={text} /> : game.name}
          </span>
          {match.by === 'tag' ? (
            <span className="search-box__option-category search-box__option-tag">{SEARCH_TEXT.matchedTag(match.tag)}</span>
          ) : (
            <span className="search-box__option-category">{game.category}</span>
          )}
        </span>
      </li>
    );
  });
}
