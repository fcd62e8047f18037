import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { categoryPath, GAMES, listCategories, type PlayPageProps } from 'shared-contracts';
import { Icon } from 'ui';
import { CategoryCarousel } from '../carousel/category-carousel';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import { FullscreenButton } from './fullscreen-button';
import { GameFrame } from './game-frame';
import { GameNotFound } from './game-not-found';
import { useGameSource } from './use-game-source';
import './play-page.css';

const CATEGORIES = listCategories(GAMES);

/** /game/:gameId (product §2.11): the game, its name, fullscreen, and the category carousel. */
export function PlayPage({ gameHosts }: PlayPageProps) {
  const game = useGameSource(gameHosts);
  const stageRef = useRef<HTMLDivElement>(null);
  // Phones get the game alone; Swiper is not even mounted there.
  const showCarousel = useMediaQuery(SMALL_SCREEN_QUERY);

  return (
    <div className="page play-page">
      {game ? (
        <>
          <header className="play-page__header">
            <div className="play-page__heading">
              {game.category && (
                <Link className="play-page__back" to={categoryPath(game.category)}>
                  <Icon name="chevronLeft" size={14} weight={3} />
                  Back to {game.category}
                </Link>
              )}
              <h1 className="page-title play-page__title">{game.name}</h1>
            </div>
            <FullscreenButton target={stageRef} />
          </header>
          <GameFrame ref={stageRef} link={game.link} title={game.name} />
        </>
      ) : (
        <GameNotFound />
      )}
      {showCarousel && <CategoryCarousel categories={CATEGORIES} title="Browse by category" />}
    </div>
  );
}
