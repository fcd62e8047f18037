import { fireEvent, render, screen } from '@testing-library/react';
import { FallbackImage } from './fallback-image';

describe('FallbackImage', () => {
  test('shows the source, then the fallback once the source fails', () => {
    render(<FallbackImage src="https://img.example/a.jpg" fallback="data:image/svg+xml,fallback" alt="A" />);
    const img = screen.getByRole('img', { name: 'A' });
    expect(img).toHaveAttribute('src', 'https://img.example/a.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'data:image/svg+xml,fallback');
  });

  test('does not loop when the fallback fails too', () => {
    render(<FallbackImage src="https://img.example/a.jpg" fallback="data:image/svg+xml,fallback" alt="A" />);
    const img = screen.getByRole('img', { name: 'A' });
    fireEvent.error(img);
    fireEvent.error(img);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'data:image/svg+xml,fallback');
  });

  test('a new source gets its own chance', () => {
    const { rerender } = render(<FallbackImage src="https://img.example/a.jpg" fallback="fallback.svg" alt="A" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<FallbackImage src="https://img.example/b.jpg" fallback="fallback.svg" alt="A" />);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'https://img.example/b.jpg');
  });

  test('a picture that failed before React was listening (a hydrated page) shows the fallback', () => {
    // What a browser reports for a picture that has finished loading without a picture.
    const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const naturalWidth = jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    try {
      render(<FallbackImage src="https://img.example/a.jpg" fallback="data:image/svg+xml,fallback" alt="A" />);
      expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', 'data:image/svg+xml,fallback');
    } finally {
      complete.mockRestore();
      naturalWidth.mockRestore();
    }
  });

  test('passes other attributes through', () => {
    render(<FallbackImage src="a.jpg" fallback="f.svg" width={512} height={512} loading="lazy" className="x" />);
    const img = document.querySelector('img');
    expect(img).toHaveAttribute('width', '512');
    expect(img).toHaveAttribute('height', '512');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveClass('x');
    // Decorative by default: the card's text names the game.
    expect(img).toHaveAttribute('alt', '');
  });
});
