import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  GAME_SORTS,
  parseGameSort,
  PLAY_DATA_TEXT,
  SORT_PARAM,
  sortGames,
  type GameSort,
} from '@portal/shared-contracts/play-data';
import { useBrowserValue } from '@portal/ui';
import { useGameStats } from '@portal/runtime';
import './sort-control.css';

const SORT_LABELS: Record<GameSort, string> = {
  name: PLAY_DATA_TEXT.sortName,
  new: PLAY_DATA_TEXT.sortNew,
  trending: PLAY_DATA_TEXT.sortTrending,
  'most-played': PLAY_DATA_TEXT.sortMostPlayed,
  'top-rated': PLAY_DATA_TEXT.sortTopRated,
};

/**
 * The page's order from `?sort=`, and the games in it. The server's HTML (rendered at the
 * catalogue's build, without a query) is in name order, so the render that hydrates it is too.
 */
export function useSortedGames<T extends { id: number; added?: string }>(games: readonly T[]): { sort: GameSort; sorted: T[] } {
  const [params] = useSearchParams();
  const hydrated = useBrowserValue(() => true, false);
  const sort = hydrated ? parseGameSort(params.get(SORT_PARAM)) : 'name';
  const { stats } = useGameStats();
  return { sort, sorted: sortGames(games, sort, stats) };
}

/** Name (default), newest, trending, most played, top rated: kept in the URL, so a sorted page can be shared. */
export function SortControl({ sort }: { sort: GameSort }) {
  const [, setParams] = useSearchParams();
  const id = useId();
  return (
    <span className="catalog-sort">
      <label htmlFor={id}>{PLAY_DATA_TEXT.sortLabel}</label>
      <select
        id={id}
        className="catalog-sort__select"
        value={sort}
        onChange={(event) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (event.target.value === 'name') next.delete(SORT_PARAM);
              else next.set(SORT_PARAM, event.target.value);
              return next;
            },
            { replace: true },
          )
        }
      >
        {GAME_SORTS.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
    </span>
  );
}
