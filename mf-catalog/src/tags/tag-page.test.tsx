import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GAMES, ROUTES, gamesWithTag, listTags, tagPath } from '@portal/shared-contracts';
import { renderRoute } from '../testing/render-route';
import { TagPage } from './tag-page';

const renderTag = (path: string) => renderRoute(<TagPage />, { path, pattern: ROUTES.tag });

describe('Tag page', () => {
  test('lists the games of a tag the catalogue has, whatever its case in the URL', () => {
    renderTag('/tags/PUZZLE');
    expect(screen.getByRole('heading', { level: 1, name: /^Games tagged puzzle$/i })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /./ }).length).toBeGreaterThanOrEqual(gamesWithTag(GAMES, 'puzzle').length);
  });

  test("a tag no game has is 'Page not found', with every tag the site has", async () => {
    renderTag('/tags/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('No games have this tag.')).toBeInTheDocument();
    const known = within(screen.getByRole('list', { name: 'Our tags' })).getAllByRole('link');
    expect(known.map((link) => link.getAttribute('href'))).toEqual(listTags(GAMES).map(tagPath));
    await userEvent.click(known[0]!);
    expect(screen.getByRole('heading', { level: 1, name: `Games tagged ${listTags(GAMES)[0]!}` })).toBeInTheDocument();
  });
});
