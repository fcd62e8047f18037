import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mockViewportWidth } from '@portal/build-config/jest/viewport';
import { SearchBox } from './search-box';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function setViewport(compact: boolean) {
  mockViewportWidth(compact ? 375 : 1440);
}

function renderSearch(start = '/') {
  render(
    <MemoryRouter initialEntries={[start]}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByPlaceholderText('Search Games');
}

describe('SearchBox (product §2 search box)', () => {
  beforeEach(() => setViewport(false));

  it('has the placeholder "Search Games"', () => {
    expect(renderSearch()).toHaveAttribute('placeholder', 'Search Games');
  });

  it('goes to /search with the URL-encoded text on Enter and clears the box', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'Moto & Bike?{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=Moto%20%26%20Bike%3F');
    expect(input).toHaveValue('');
  });

  it('searches with the trimmed text when the icon is clicked on a wide screen', async () => {
    const input = renderSearch();
    await userEvent.type(input, '  car  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=car');
    expect(input).toHaveValue('');
  });

  it('does nothing when the text is blank after trimming', async () => {
    const input = renderSearch('/all-games');
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/all-games');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/all-games');
  });

  it('on small screens the icon toggles the input open and closed', async () => {
    setViewport(true);
    renderSearch();
    const icon = screen.getByRole('button', { name: 'Search' });
    expect(icon).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(icon);
    expect(icon).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(icon);
    expect(icon).toHaveAttribute('aria-expanded', 'false');
  });

  it('on small screens the icon searches once the open box holds text', async () => {
    setViewport(true);
    const input = renderSearch();
    const icon = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(icon);
    await userEvent.type(input, 'puzzle');
    await userEvent.click(icon);
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=puzzle');
    expect(icon).toHaveAttribute('aria-expanded', 'false');
  });
});
