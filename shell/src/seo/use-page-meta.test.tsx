import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { loadPageHead, usePageMeta } from './use-page-meta';
import { TEST_BRAND } from '../testing/test-brand';

function Probe({ load = loadPageHead }: { load?: typeof loadPageHead }) {
  usePageMeta(TEST_BRAND, load);
  return <Link to="/categories/Puzzle%20Games">Puzzle Games</Link>;
}
const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

test('keeps the tags the server wrote for the first page, then follows navigation', async () => {
  document.head.innerHTML = '<meta name="description" content="from the server" data-page-meta>';
  document.title = 'Server title';
  const load = jest.fn(loadPageHead);
  render(
    <MemoryRouter initialEntries={['/game/5']}>
      <Probe load={load} />
    </MemoryRouter>,
  );
  // render() has run the effects: the first page started no lookup that could replace the server's tags.
  expect(load).not.toHaveBeenCalled();
  expect(description()).toBe('from the server');
  expect(document.title).toBe('Server title');

  await userEvent.click(screen.getByRole('link', { name: 'Puzzle Games' }));
  await waitFor(() => expect(document.title).toBe('Puzzle Games | Playverse'));
  expect(load).toHaveBeenCalledTimes(1);
  expect(description()).not.toBe('from the server');
});

test('writes the first page tags itself when the page was not pre-rendered', async () => {
  render(
    <MemoryRouter initialEntries={['/game/5']}>
      <Probe />
    </MemoryRouter>,
  );
  await waitFor(() => expect(document.title).toBe('Hobo Speedster – Bike Racing | Playverse'));
  expect(description()).toContain('Hobo Speedster');
});
