import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { findGameById, GAMES } from '@portal/shared-contracts';
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { GameAbout } from './game-about';
import { READ_MORE_AFTER_CHARS, READ_MORE_TEXT } from './read-more';

const game = (id: number) => findGameById(GAMES, id)!;

describe('GameAbout', () => {
  it("fetches the feed's texts (a chunk of their own), then shows the description and the controls as controls", async () => {
    // Suspended until the chunk is there (React asks for an awaited act then).
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited while the component suspends
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <GameAbout game={game(56)} />
        </Suspense>,
      );
    });
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `About ${game(56).name}` })).toBeInTheDocument();
    expect(screen.getByText(gameDetailsOf(56)!.description)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to play' })).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('Keyboard');
    const lines = screen.getAllByRole('definition').map((line) => line.textContent);
    expect(lines).toEqual(['W↑Accelerate', 'S↓Brake', 'A←Steer left', 'D→Steer right']);
    expect(screen.getByLabelText('Up arrow')).toHaveTextContent('↑');
  });

  it("shows the feed's sentence where it does not read as controls", async () => {
    render(
      <Suspense fallback={null}>
        <GameAbout game={game(40)} />
      </Suspense>,
    );
    expect(await screen.findByText(gameDetailsOf(40)!.instructions)).toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it('shortens a long description to its first lines until "Read more", and back', async () => {
    const long = gameDetailsOf(24)!.description;
    expect(long.length).toBeGreaterThan(READ_MORE_AFTER_CHARS);
    render(
      <Suspense fallback={null}>
        <GameAbout game={game(24)} />
      </Suspense>,
    );
    const more = await screen.findByRole('button', { name: READ_MORE_TEXT.more });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(long).closest('.read-more')).toHaveClass('read-more--short');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: READ_MORE_TEXT.less })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(long).closest('.read-more')).not.toHaveClass('read-more--short');
  });

  it('has no "Read more" for a short description', async () => {
    expect(gameDetailsOf(30)!.description.length).toBeLessThanOrEqual(READ_MORE_AFTER_CHARS);
    render(
      <Suspense fallback={null}>
        <GameAbout game={game(30)} />
      </Suspense>,
    );
    expect(await screen.findByText(gameDetailsOf(30)!.description)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: READ_MORE_TEXT.more })).not.toBeInTheDocument();
  });
});
