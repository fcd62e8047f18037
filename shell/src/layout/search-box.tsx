import { useId, useMemo, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_TEXT, searchPath, type Game } from '@portal/shared-contracts';
import { PathIcon, SEARCH_ICON } from '@portal/ui';
import './search-box.css';

type SuggestionData = typeof import('./game-suggestions');
let suggestionData: Promise<SuggestionData> | undefined;
/** Loads the suggestion data once; a failed load (offline) is tried again on the next keystroke. */
function loadSuggestionData(): Promise<SuggestionData> {
  suggestionData ??= import('./game-suggestions').catch((error: unknown) => {
    suggestionData = undefined;
    throw error;
  });
  return suggestionData;
}

/**
 * Header search (product §2): Enter or the icon searches; blank text does nothing; the box
 * clears afterwards. On small screens the icon first toggles the input open.
 * While typing it suggests up to six games (shared-contracts' suggestMatches, decision 0026), each
 * saying why (its name, or a tag: the search page shows both), as a
 * WAI-ARIA combobox: arrow keys move through them, Enter opens the highlighted game (Enter with
 * none highlighted still searches), Escape closes the list. The catalogue behind the suggestions
 * loads on the first focus or keystroke: until then (or offline) the box simply searches.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [openOnMobile, setOpenOnMobile] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const [data, setData] = useState<SuggestionData | null>(null);
  const suggestions = useMemo(() => (data ? data.suggestionsFor(text) : []), [data, text]);
  const expanded = listOpen && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const loadSuggestions = () => {
    if (data) return;
    loadSuggestionData().then(setData, (error: unknown) => {
      console.warn('shell: search suggestions could not load; searching still works', error);
    });
  };

  const reset = () => {
    setText('');
    setListOpen(false);
    setActive(-1);
    setOpenOnMobile(false);
  };

  const submit = (event?: SubmitEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (query === '') return;
    void navigate(searchPath(query));
    reset();
  };

  const openGame = (game: Game) => {
    data?.openSuggestion(game, navigate);
    reset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setListOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the text itself) to n-1 in a ring.
      const ring = suggestions.length + 1;
      setActive((current) => (((expanded ? current : -1) + 1 + step + ring) % ring) - 1);
    } else if (event.key === 'Enter') {
      const game = expanded && active >= 0 ? suggestions[active]?.game : undefined;
      if (game) {
        event.preventDefault();
        openGame(game);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setListOpen(false);
        setActive(-1);
      }
    }
  };

  const onIconClick = () => {
    const isCompact = window.matchMedia('(max-width: 767px)').matches;
    if (isCompact && (!openOnMobile || text.trim() === '')) {
      setOpenOnMobile((open) => !open);
      if (!openOnMobile) requestAnimationFrame(() => inputRef.current?.focus());
      return;
    }
    submit();
  };

  return (
    <form className={`search-box${openOnMobile ? ' search-box--open' : ''}`} role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {PAGE_TEXT.searchPlaceholder}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={PAGE_TEXT.searchPlaceholder}
        value={text}
        onFocus={loadSuggestions}
        onChange={(e) => {
          loadSuggestions();
          setText(e.target.value);
          setListOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setListOpen(false)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <ul id={listId} className="search-box__suggestions" role="listbox" aria-label="Suggested games" hidden={!expanded}>
        {expanded && data && (
          <data.SuggestionOptions
            matches={suggestions}
            text={text}
            active={active}
            optionId={optionId}
            onOpen={openGame}
            onHighlight={setActive}
          />
        )}
      </ul>
      <button type="button" className="search-box__icon" aria-label="Search" aria-expanded={openOnMobile} onClick={onIconClick}>
        <PathIcon d={SEARCH_ICON} />
      </button>
    </form>
  );
}
