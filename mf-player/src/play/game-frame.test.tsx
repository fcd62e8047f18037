import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { GameFrame } from './game-frame';

const frame = () => screen.getByTitle<HTMLIFrameElement>('Hobo Speedster');

describe('GameFrame', () => {
  it('embeds the link in a titled, sandboxed frame that allows fullscreen', () => {
    render(<GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
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
    render(<GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    expect(screen.getByRole('status')).toHaveTextContent('Game Loading...');
    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("a frame from the server's HTML that loaded before hydration is not left 'Game Loading...'", async () => {
    // The page rendered at build time (decision 0032); the frame's load event came before React
    // listened, and the page's own load (which waits for its frames) has happened.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    document.body.append(container);
    expect(document.readyState).toBe('complete');
    const iframe = container.querySelector('iframe');
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited while React hydrates
    const root = await act(async () =>
      hydrateRoot(container, <GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />),
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
    const { rerender } = render(<GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();

    rerender(<GameFrame link="https://html5.example.com/other/" title="Hobo Speedster" />);
    expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', 'https://html5.example.com/other/');

    fireEvent.load(frame());
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
  });

  it('marks the stage busy while loading', () => {
    const { container } = render(<GameFrame link="https://html5.example.com/hobo/" title="Hobo Speedster" />);
    const stage = container.firstElementChild!;
    expect(stage).toHaveAttribute('aria-busy', 'true');
    fireEvent.load(frame());
    expect(stage).toHaveAttribute('aria-busy', 'false');
  });
});
