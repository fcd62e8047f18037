import './home-hero.css';

interface HomeHeroProps {
  /** The brand's site name (Brand.name). */
  name: string;
  /** The brand's welcome wording (Brand.blurb). */
  blurb: string;
}

/**
 * Home's welcome: the site name and the host family's blurb. The catalogue's Home page draws it,
 * and so does the shell's placeholder for Home (pre-rendered by the server), so this text, the
 * page's largest, paints with the HTML and stays put when the catalogue arrives (decision 0031).
 */
export function HomeHero({ name, blurb }: HomeHeroProps) {
  return (
    <header className="home-hero">
      <h1 className="home-hero__title">{name}</h1>
      <p className="home-hero__blurb">{blurb}</p>
    </header>
  );
}
