import { fireEvent, render } from '@testing-library/react';
import { DEFAULT_CATEGORY_IMAGE, categoryImage } from '@portal/shared-contracts/category-art';
import { CategoryImage } from './category-image';

describe('CategoryImage (product §2.12)', () => {
  test("shows the category's own artwork", () => {
    const { container } = render(<CategoryImage category="Puzzle Games" />);
    expect(container.querySelector('img')).toHaveAttribute('src', categoryImage('Puzzle Games'));
  });

  test('falls back to the default category image when the artwork fails', () => {
    const { container } = render(<CategoryImage category="Puzzle Games" />);
    const img = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_CATEGORY_IMAGE);
  });
});
