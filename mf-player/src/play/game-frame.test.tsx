import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { GameFrame } from './game-frame';
import { LOAD_TIMEOUT_MS, useFrameLoad } from './use-frame-load';

/** A GameFrame with its load state, as the play page draws it; says when the frame stalled, with a Retry. */
function Frame({ link, title }: { link: string; title: string }) {
  const load = useFrameLoad(link);
  return (
    <GameFrame link={link} title={title} load={load}>
      {load.stalled && (
        <button type="button" onClick={load.retry}>
          Stalled: retry
        </button>
      )}
    </GameFrame>
  );
}

const frame = () => screen.getByTitle<HTMLIFrameElement>('Hobo Speedster');

describe('GameFrame', () => {
  it('embeds the link in a titled, sandboxed frame that allows fullscreen', () => {
    render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    const iframe = frame();
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe).toHaveAttribute('src', 'https://html5.example.com/hobo/');
    expect(iframe).toHaveAttribute('allowfullscreen');
    expect(iframe.getAttribute('allow')).toEqual(expect.stringContaining('autoplay'));
    expect(iframe.getAttribute('allow')).toEqual(expect.stringContaining('fullscreen'));
    const sandbox = iframe.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-pointer-lock', 'allow-popups']));
    // A game must never be able to navigate the portal itself.
    expect(sandbox.filter((token) => token.startsWith('allow-top-navigation'))).toEqual([]);
  });

  it("shows 'Game Loading...' until the frame loads", () => {
    render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    expect(screen.getByRole('status')).toHaveTextContent('Game Loading...');
    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("a frame from the server's HTML that loaded before hydration is not left 'Game Loading...'", async () => {
    // The page rendered at build time (decision 0032); the frame's load event came before React
    // listened, and the page's own load (which waits for its frames) has happened.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    document.body.append(container);
    expect(document.readyState).toBe('complete');
    const iframe = container.querySelector('iframe');
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited while React hydrates
    const root = await act(async () =>
      hydrateRoot(container, <Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />),
    );
    try {
      expect(container.querySelector('iframe')).toBe(iframe);
      expect(container.querySelector('[role="status"]')).toBeEmptyDOMElement();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('turns loading on again when the link changes, and off when the new frame loads', () => {
    const { rerender } = render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();

    rerender(<Frame link="https://html5.example.com/other/" title="Hobo Speedster" />);
    expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', 'https://html5.example.com/other/');

    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
  });

  it('marks the stage busy while loading', () => {
    const { container } = render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    const stage = container.firstElementChild!;
    expect(stage).toHaveAttribute('aria-busy', 'true');
    fireEvent.load(frame());
    expect(stage).toHaveAttribute('aria-busy', 'false');
  });
});

describe('GameFrame load timeout and Retry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`says the frame stalled when it has not loaded within ${LOAD_TIMEOUT_MS} ms, and not a moment before`, () => {
    render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('button', { name: 'Stalled: retry' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Stalled: retry' })).toBeInTheDocument();
    // Still 'Game Loading...' under it: a late load takes the stall back.
    fireEvent.load(frame());
    expect(screen.queryByRole('button', { name: 'Stalled: retry' })).not.toBeInTheDocument();
  });

  it('a frame that loaded in time never stalls', () => {
    render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    fireEvent.load(frame());
    act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS * 2));
    expect(screen.queryByRole('button', { name: 'Stalled: retry' })).not.toBeInTheDocument();
  });

  it('Retry loads the game again in a fresh frame, loading and timed again', () => {
    render(<Frame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    const first = frame();
    act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Stalled: retry' }));
    expect(frame()).not.toBe(first);
    expect(frame()).toHaveAttribute('src', 'https://html5.example.com/hobo/');
    expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stalled: retry' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS));
    expect(screen.getByRole('button', { name: 'Stalled: retry' })).toBeInTheDocument();
    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
  });
});
