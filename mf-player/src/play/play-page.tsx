import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigationType } from 'react-router-dom';
import { categoryPath, findGameById, GAMES, listCategories, type Game, type PlayPageProps } from '@portal/shared-contracts';
import { moreLikeThis, varietyPicks } from '@portal/shared-contracts/related';
import { CategoryCarousel } from '../carousel';
import { GameAbout, loadGameDetails } from '../game-details';
import { PHONE_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import { FavouriteButton, GameLinkRow } from '../library';
import { GameFigures, GameTags, ReportProblem, useAvailableGames, useUnavailableGames } from '../play-data';
import { FullscreenButton } from './fullscreen-button';
import { GameFrame } from './game-frame';
import { GameNotFound } from './game-not-found';
import { GameUnavailable } from './game-unavailable';
import { GAME_TROUBLE_TEXT, GameTrouble } from './game-trouble';
import { PlayCover } from './play-cover';
import { ShareButton } from './share-button';
import { THEATRE_TEXT, useTheatre } from './theatre';
import { useFrameLoad } from './use-frame-load';
import { useGameSource } from './use-game-source';
import { useKeepKeysInGame } from './use-keep-keys-in-game';
import { usePlayStart } from './use-play-start';
import './play-page.css';
import { Icon, useAfterFirstPaint } from '@portal/ui';
import { markPlayed, useLibrary } from '@portal/runtime';
import { sendPlayStarted } from '@portal/runtime/player-requests';

const CATEGORIES = listCategories(GAMES);

export const PLAY_PAGE_TEXT = {
  recentlyPlayed: 'Recently played',
  moreLikeThis: 'More like this',
  rotateHint: 'Turn your phone sideways for a bigger game.',
} as const;

/** Every game of the catalogue is made for a 16:9 landscape stage unless its tags say portrait. */
export const isLandscapeGame = (game: Game | undefined): boolean => !game?.tags.some((tag) => /^portrait$/i.test(tag));

/** Recently played games from the library, without the one on screen. */
function useRecentGames(exceptId: number | undefined): Game[] {
  const { recentlyPlayed } = useLibrary();
  return recentlyPlayed
    .filter((entry) => entry.gameId !== exceptId)
    .map((entry) => findGameById(GAMES, entry.gameId))
    .filter((game): game is Game => game !== undefined);
}

/** How many games the "isn't loading" card offers instead. */
const TROUBLE_PICKS = 3;

/**
 * /game/:gameId (product §2.11): the game, its name, favourite/share/fullscreen, the phone's
 * tap-to-play cover, then recently played, more like this and the category carousel.
 */
export function PlayPage({ gameHosts }: PlayPageProps) {
  const game = useGameSource(gameHosts);
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // Phones get the game alone; Swiper is not even mounted there. Elsewhere it is below the game
  // and, on a page opened by a link, mounts once the page's first frame is painted: its set-up
  // measures the page (a forced layout, about a quarter of the click's time to the game,
  // decision 0041). What else lies below the game (its figures, description and tags, the rows)
  // waits for that frame too, and so does recording the play, which redraws the page. Back and
  // Forward ('POP') draw it all at once: the shell returns to where the player was, which may be
  // down there.
  const navigationType: string = useNavigationType();
  const painted = useAfterFirstPaint(navigationType === 'POP');
  const showCarousel = useMediaQuery(SMALL_SCREEN_QUERY) && painted;
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [startedLink, setStartedLink] = useState<string>();
  const catalogueGame = game ? findGameById(GAMES, game.id) : undefined;
  const catalogueId = catalogueGame?.id;
  const recent = useAvailableGames(useRecentGames(catalogueId));
  const available = useAvailableGames(GAMES);
  // A game the link checker found dead (decision 0058): its page offers others instead, no frame.
  const unavailable = useUnavailableGames();
  const dead = catalogueId !== undefined && unavailable.has(catalogueId);
  const load = useFrameLoad(dead ? undefined : game?.link);
  const { theatre, enter, exit: exitTheatre } = useTheatre();
  const enterTheatre = () => {
    enter();
    frameRef.current?.focus({ preventScroll: true });
  };
  // The card is up when the frame stalled, or when the player opened it (for this attempt) and
  // has not closed it; closing a stalled card leaves the spinner.
  const [openedKey, setOpenedKey] = useState<string>();
  const [closedKey, setClosedKey] = useState<string>();
  const [interactedKey, setInteractedKey] = useState<string>();
  const showTrouble = (load.stalled || openedKey === load.key) && closedKey !== load.key;

  // The feed's texts come in a chunk of their own, fetched beside the game (see GameAbout).
  if (typeof window !== 'undefined' && catalogueId !== undefined && !dead) void loadGameDetails();
  useKeepKeysInGame(frameRef, stageRef, dead ? undefined : game?.link);
  usePlayStart({
    stageRef,
    frameRef,
    loadKey: load.key,
    loaded: !load.loading,
    blocked: showTrouble || openedKey === load.key,
    interactionOnly: load.late,
    interactedKey,
    // One anonymous "play started" per started frame of a catalogue game; the API dedupes.
    onStart: () => {
      if (catalogueId !== undefined && !dead) sendPlayStarted(catalogueId);
    },
  });
  useEffect(() => {
    if (painted && catalogueId !== undefined && !dead) markPlayed(catalogueId);
  }, [painted, catalogueId, dead]);

  if (dead && catalogueGame) {
    const similar = moreLikeThis(available, catalogueGame);
    return (
      <div className="page play-page">
        <GameUnavailable game={catalogueGame} instead={similar.length > 0 ? similar : varietyPicks(available)} />
        {showCarousel && <CategoryCarousel categories={CATEGORIES} title="Browse by category" />}
      </div>
    );
  }

  if (!game) {
    return (
      <div className="page play-page">
        <GameNotFound recent={recent} />
        {showCarousel && <CategoryCarousel categories={CATEGORIES} title="Browse by category" />}
      </div>
    );
  }

  const landscape = isLandscapeGame(catalogueGame);
  const showCover = isPhone && startedLink !== game.link;
  return (
    <div className={`page play-page${landscape ? ' play-page--landscape-game' : ''}`}>
      <header className="play-page__header">
        <div className="play-page__heading">
          {game.category && (
            <Link className="play-page__back" to={categoryPath(game.category)}>
              <Icon name="chevronLeft" size={14} weight={3} />
              <span className="play-page__back-text">Back to {game.category}</span>
            </Link>
          )}
          <h1 className="page-title play-page__title">{game.name}</h1>
        </div>
        <div className="play-page__tools">
          {catalogueId !== undefined && <FavouriteButton gameId={catalogueId} gameName={game.name} />}
          <ShareButton title={game.name} />
          <FullscreenButton target={stageRef} onTheatre={enterTheatre} />
        </div>
      </header>
      <GameFrame
        ref={stageRef}
        frameRef={frameRef}
        link={game.link}
        title={game.name}
        load={load}
        className={theatre ? 'game-frame--theatre' : undefined}
      >
        {showCover && (
          <PlayCover
            gameName={game.name}
            landscape={landscape}
            stage={() => stageRef.current}
            onStart={() => {
              setStartedLink(game.link);
              setInteractedKey(load.key);
              frameRef.current?.focus({ preventScroll: true });
            }}
            onTheatre={enterTheatre}
          />
        )}
        {theatre && (
          <button
            type="button"
            className="game-frame__exit"
            aria-label={THEATRE_TEXT.exit}
            title={THEATRE_TEXT.exit}
            onClick={exitTheatre}
          >
            <Icon name="close" size={22} weight={2.5} />
          </button>
        )}
        {showTrouble && (
          <GameTrouble
            gameId={catalogueId}
            similar={catalogueGame ? moreLikeThis(GAMES, catalogueGame, TROUBLE_PICKS) : varietyPicks(GAMES, TROUBLE_PICKS)}
            onRetry={load.retry}
            onClose={() => setClosedKey(load.key)}
          />
        )}
      </GameFrame>
      <button
        type="button"
        className="game-trouble-open"
        onClick={() => {
          setOpenedKey(load.key);
          setClosedKey(undefined);
        }}
      >
        {GAME_TROUBLE_TEXT.open}
      </button>
      {/* Phones held upright, by CSS (play-page.css says when turning gives a bigger game): the
          server's HTML has it in place, and nothing moves when the page hydrates. */}
      {landscape && <p className="play-page__rotate-hint">{PLAY_PAGE_TEXT.rotateHint}</p>}
      {/* Below the game, after its first frame, all at once: the feed's texts (their own chunk,
          in the server's HTML already), the figures, tags and rows, so nothing moves another. */}
      <Suspense fallback={null}>
        {catalogueGame && painted && (
          <div className="play-page__about">
            <GameFigures gameId={catalogueGame.id} gameName={catalogueGame.name} />
            <ReportProblem gameId={catalogueGame.id} />
            <GameAbout game={catalogueGame} />
            <GameTags tags={catalogueGame.tags} />
          </div>
        )}
        {catalogueGame && painted && (
          <GameLinkRow title={PLAY_PAGE_TEXT.moreLikeThis} games={moreLikeThis(available, catalogueGame)} />
        )}
        {painted && <GameLinkRow title={PLAY_PAGE_TEXT.recentlyPlayed} games={recent} />}
        {showCarousel && <CategoryCarousel categories={CATEGORIES} title="Browse by category" />}
      </Suspense>
    </div>
  );
}
