import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { PLAY_VIEW_MS, usePlayStart, type PlayStartInputs } from './use-play-start';

/** A stand-in IntersectionObserver the test drives: `show(ratio)` reports the stage's visible share. */
class FakeObserver {
  static current: FakeObserver | undefined;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {
    if (FakeObserver.current === this) FakeObserver.current = undefined;
  }
  show(ratio: number) {
    const entry = { isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

type Inputs = Omit<PlayStartInputs, 'stageRef' | 'frameRef'>;
function Harness(inputs: Inputs) {
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  usePlayStart({ ...inputs, stageRef, frameRef });
  return (
    <div ref={stageRef}>
      <iframe ref={frameRef} title="game" />
    </div>
  );
}

const base: Inputs = {
  loadKey: 'a',
  loaded: true,
  blocked: false,
  interactionOnly: false,
  interactedKey: undefined,
  onStart: () => {},
};

beforeEach(() => {
  jest.useFakeTimers();
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('usePlayStart', () => {
  it(`counts a loaded game that stayed in view for ${PLAY_VIEW_MS} ms, once`, () => {
    const onStart = jest.fn();
    const { rerender } = render(<Harness {...base} onStart={onStart} />);
    FakeObserver.current!.show(1);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS - 1));
    expect(onStart).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onStart).toHaveBeenCalledTimes(1);
    rerender(<Harness {...base} onStart={onStart} interactedKey="a" />);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS * 2));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('does not count a game scrolled out of view before the time is up; the time starts again in view', () => {
    const onStart = jest.fn();
    render(<Harness {...base} onStart={onStart} />);
    FakeObserver.current!.show(1);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS - 100));
    FakeObserver.current!.show(0.2);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS));
    expect(onStart).not.toHaveBeenCalled();
    FakeObserver.current!.show(0.8);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('never counts a frame that has not loaded, however long it is in view or tapped', () => {
    const onStart = jest.fn();
    render(<Harness {...base} loaded={false} interactedKey="a" onStart={onStart} />);
    expect(FakeObserver.current).toBeUndefined();
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS * 10));
    expect(onStart).not.toHaveBeenCalled();
  });

  it('never counts while the "isn\'t loading" card is up', () => {
    const onStart = jest.fn();
    render(<Harness {...base} blocked onStart={onStart} />);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS * 10));
    expect(onStart).not.toHaveBeenCalled();
  });

  it('counts at once on an interaction with the loaded game (the tap-to-play cover)', () => {
    const onStart = jest.fn();
    const { rerender } = render(<Harness {...base} onStart={onStart} />);
    rerender(<Harness {...base} interactedKey="a" onStart={onStart} />);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('counts a click into the frame: the window loses focus to it while the pointer is over it', () => {
    const onStart = jest.fn();
    const { container } = render(<Harness {...base} onStart={onStart} />);
    const frame = container.querySelector('iframe')!;
    // Focus alone (the page hands it to the game on arrival) is not an interaction.
    frame.focus();
    fireEvent.blur(window);
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.pointerEnter(frame);
    fireEvent.blur(window);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('a frame that loaded only after it stalled counts on an interaction, not on being in view', () => {
    const onStart = jest.fn();
    const { rerender } = render(<Harness {...base} interactionOnly onStart={onStart} />);
    act(() => jest.advanceTimersByTime(PLAY_VIEW_MS * 10));
    expect(onStart).not.toHaveBeenCalled();
    rerender(<Harness {...base} interactionOnly interactedKey="a" onStart={onStart} />);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('a Retry (a new load key) may count again', () => {
    const onStart = jest.fn();
    const { rerender } = render(<Harness {...base} interactedKey="a" onStart={onStart} />);
    expect(onStart).toHaveBeenCalledTimes(1);
    rerender(<Harness {...base} loadKey="b" interactedKey="b" onStart={onStart} />);
    expect(onStart).toHaveBeenCalledTimes(2);
  });
});
