import { act, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-first-paint';

function Probe() {
  return <output>{useAfterFirstPaint() ? 'painted' : 'first frame'}</output>;
}

describe('useAfterFirstPaint', () => {
  test('false in the first render of a mount, true once a frame has been drawn and a task has run', async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('first frame');
    // Not before the frame: a task alone does not end the first frame.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('status')).toHaveTextContent('first frame');
    await act(async () => {
      for (const frame of frames.splice(0)) frame(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('status')).toHaveTextContent('painted');
    requestFrame.mockRestore();
  });

  test('waits no more once unmounted', () => {
    const cancelFrame = jest.spyOn(window, 'cancelAnimationFrame');
    const { unmount } = render(<Probe />);
    unmount();
    expect(cancelFrame).toHaveBeenCalled();
    cancelFrame.mockRestore();
  });
});
