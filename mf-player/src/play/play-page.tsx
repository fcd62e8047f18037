import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { categoryPath, GAMES, listCategories, type PlayPageProps } from 'shared-contracts';
import { CategoryCarousel } from '../carousel/category-carousel';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../layout/use-media-query';
import { FullscreenButton } from './fullscreen-button';
import { GameFrame } from './game-frame';
import { GameNotFound } from './game-not-found';
import { useGameSource } from './use-game-source';
import './play-page.css';

const CATEGORIES = listCategories(GAMES);

/** /game/:gameId (SPEC §2 "Play page"): the game, its name, fullscreen, and the category carousel. */
export function PlayPage({ gameHosts }: PlayPageProps = {}) {
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
                  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="3"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      d="M15 5l-7 7 7 7"
                    />
                  </svg>
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
