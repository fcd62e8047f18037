import { useMemo, useRef, type FocusEvent, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES, type Game } from '@portal/shared-contracts';
import { HOME_ROW_TEXT } from '@portal/shared-contracts/play-data';
import { A11y, Autoplay, EffectCoverflow } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/effect-coverflow';
import { ARROW_RIGHT_ICON, CHEVRON_LEFT_ICON, CHEVRON_RIGHT_ICON, PathIcon } from '@portal/ui';
import { CARD_ART_STYLE, FIRST_SCREEN_CARDS, GameCard, useRestAfterFirstPaint } from '../cards';
import { createCrawlControl, type CrawlControl } from './crawl';
import { FIRST_FRAME_COLUMNS, HOME_SLIDER, homeSliderOptions, preSwiperColumnsCss, toColumns } from './slider-config';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import './game-slider.css';

const SWIPER_MODULES = [A11y, Autoplay, EffectCoverflow];
const SLIDER_CLASS = 'catalog-slider';
// In the element itself, so the server's HTML carries it and hydration finds it as it was.
const PRE_SWIPER_COLUMNS_CSS = preSwiperColumnsCss(`.${SLIDER_CLASS}`);
const ARROWS = [
  { direction: 'prev', label: 'Previous games', icon: CHEVRON_LEFT_ICON },
  { direction: 'next', label: 'Next games', icon: CHEVRON_RIGHT_ICON },
] as const;

function isKeyboardFocus(target: EventTarget): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return true; // Engines without :focus-visible: treat any focus as keyboard focus.
  }
}

/**
 * The Home slider (product §2.7): every game in three rows, crawling in a loop with a
 * coverflow, held still under the mouse or keyboard focus, with arrows. Opened by a link, its
 * columns are all there at once (Swiper lays them out and loops them), but only those a screen
 * can show hold their cards in the first frame; the rest fill in once it is painted, as a grid's
 * cards do (decision 0041). Back and Forward, and the server's HTML, have every card at once.
 */
export function GameSlider({ games }: { games: readonly Game[] }) {
  const whole = useRestAfterFirstPaint();
  const columns = useMemo(() => toColumns(games, HOME_SLIDER.rows), [games]);
  const reducedMotion = usePrefersReducedMotion();
  const options = useMemo(() => homeSliderOptions(), []);
  const crawl = useRef<CrawlControl | null>(null);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') crawl.current?.hold('hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') crawl.current?.release('hover');
  };
  const onFocus = (event: FocusEvent) => {
    if (isKeyboardFocus(event.target)) crawl.current?.hold('focus');
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) crawl.current?.release('focus');
  };

  return (
    <>
      <div className="catalog-slider__head">
        <h2 className="catalog-slider__title">{HOME_ROW_TEXT.allGamesHeading}</h2>
      </div>
      <section
        className={SLIDER_CLASS}
        aria-roledescription="carousel"
        aria-label="Games"
        style={CARD_ART_STYLE}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <style>{PRE_SWIPER_COLUMNS_CSS}</style>
        <Swiper
          {...options}
          key={reducedMotion ? 'still' : 'crawling'}
          modules={SWIPER_MODULES}
          autoplay={reducedMotion ? false : options.autoplay}
          watchSlidesProgress
          a11y={{ prevSlideMessage: 'Previous games', nextSlideMessage: 'Next games' }}
          className="catalog-slider__swiper"
          onSwiper={(swiper) => {
            crawl.current = createCrawlControl(swiper, {
              speed: HOME_SLIDER.speed,
              arrowSpeed: HOME_SLIDER.arrowSpeed,
              autoplay: !reducedMotion,
            });
          }}
        >
          {columns.map((column, columnIndex) => (
            <SwiperSlide key={column[0]?.id} className="catalog-slider__column">
              {(whole || columnIndex < FIRST_FRAME_COLUMNS) && (
                <>
                  {column.map((game, row) => (
                    <GameCard key={game.id} game={game} priority={columnIndex * HOME_SLIDER.rows + row < FIRST_SCREEN_CARDS} />
                  ))}
                  {column.length < HOME_SLIDER.rows && (
                    // Fills the last column's empty rows so the loop shows no hole.
                    <Link className="catalog-slider__more" to={ROUTES.allGames}>
                      <span className="catalog-slider__more-label">Browse all games</span>
                      <span className="catalog-slider__more-arrow" aria-hidden="true">
                        <PathIcon d={ARROW_RIGHT_ICON} size={22} weight={2.5} />
                      </span>
                    </Link>
                  )}
                </>
              )}
            </SwiperSlide>
          ))}
        </Swiper>
        {ARROWS.map(({ direction, label, icon }) => (
          <button
            key={direction}
            type="button"
            className={`catalog-slider__arrow catalog-slider__arrow--${direction}`}
            aria-label={label}
            onClick={() => crawl.current?.step(direction)}
          >
            <PathIcon d={icon} size={22} weight={2.5} />
          </button>
        ))}
      </section>
    </>
  );
}
