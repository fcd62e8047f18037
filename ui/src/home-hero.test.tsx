import { render, screen } from '@testing-library/react';
import { HomeHero } from './home-hero';

describe('HomeHero', () => {
  test("shows the site name as the page's heading and the brand's blurb under it", () => {
    render(<HomeHero name="PlayVerse" blurb="Welcome to PlayVerse, your home for 70+ free games." />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('PlayVerse');
    expect(screen.getByText('Welcome to PlayVerse, your home for 70+ free games.')).toHaveClass('home-hero__blurb');
  });
});
