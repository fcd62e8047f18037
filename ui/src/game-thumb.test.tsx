import { fireEvent, render } from '@testing-library/react';
import { DEFAULT_GAME_IMAGE } from '@portal/shared-contracts/game-art';
import { GameThumb } from './game-thumb';

describe('GameThumb', () => {
  test('a decorative square picture that falls back to the default game art', () => {
    const { container } = render(<GameThumb className="row__image" src="https://img.example/a.jpg" size={40} loading="lazy" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '40');
    expect(img).toHaveAttribute('height', '40');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveClass('row__image');
    expect(img).toHaveAttribute('src', 'https://img.example/a.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_GAME_IMAGE);
  });
});
