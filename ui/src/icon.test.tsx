import { render } from '@testing-library/react';
import { ICONS, Icon } from './icon';

describe('Icon', () => {
  test('draws the named icon of the set, hidden from assistive tech', () => {
    const { container } = render(<Icon name="search" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelector('path')).toHaveAttribute('d', ICONS.search);
  });

  test('takes a size, a stroke weight and extra attributes', () => {
    const { container } = render(<Icon name="fullscreen" size={64} weight={1.6} className="big" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '64');
    expect(svg).toHaveAttribute('class', 'big');
    expect(svg?.querySelector('path')).toHaveAttribute('stroke-width', '1.6');
  });
});

test('a solid icon is filled with the text colour instead of outlined', () => {
  const { container } = render(<Icon name="play" solid />);
  const path = container.querySelector('path');
  expect(path).toHaveAttribute('fill', 'currentColor');
  expect(path).toHaveAttribute('stroke', 'none');
});
