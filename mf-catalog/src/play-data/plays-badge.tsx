import { playsLabel, statsOf } from '@portal/shared-contracts/play-data';
import { useGameStats } from '@portal/runtime';

/** "1.2K plays" over a card's picture (absolutely placed: arriving late moves nothing); none for an unplayed game. */
export function PlaysBadge({ gameId }: { gameId: number }) {
  const { stats } = useGameStats();
  const label = playsLabel(statsOf(stats, gameId).plays);
  return label ? <span className="catalog-game-card__plays">{label}</span> : null;
}
