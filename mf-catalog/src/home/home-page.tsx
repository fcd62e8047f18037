import { GAMES, sortGamesByName, type HomePageProps } from 'shared-contracts';
import { GameSlider } from './game-slider';
import './home-page.css';

// The catalogue is fixed at build time, so its order is worked out once.
const SLIDER_GAMES = sortGamesByName(GAMES);

/** Home (product §2): the host family's welcome blurb, then the slider of every game. */
export function HomePage({ brand }: HomePageProps) {
  return (
    <div className="page catalog-home">
      <header className="catalog-home__hero">
        <h1 className="catalog-home__title">{brand.name}</h1>
        <p className="catalog-home__blurb">{brand.blurb}</p>
      </header>
      <GameSlider games={SLIDER_GAMES} />
    </div>
  );
}
