import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { GameTags } from './game-tags';

describe('GameTags', () => {
  it('merges the spellings of one tag into one chip (Match 3 / Match-3 / Match3, Puzzle / puzzle)', () => {
    render(
      <MemoryRouter>
        <GameTags tags={['Match 3', 'candy', 'Match-3', 'Match3', 'Puzzle', 'puzzle', ' ']} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Match 3', 'candy', 'Puzzle']);
    expect(screen.getByRole('link', { name: 'Match 3' })).toHaveAttribute('href', '/tags/match%203');
  });
});
