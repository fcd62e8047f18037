import { enterFullscreen, isFullscreenSupported } from './fullscreen';

const documentWith = (fields: Record<string, unknown>) => fields as unknown as Document;

describe('isFullscreenSupported', () => {
  it('follows document.fullscreenEnabled, which is false where a permissions policy forbids it', () => {
    expect(isFullscreenSupported(documentWith({ fullscreenEnabled: true }))).toBe(true);
    expect(isFullscreenSupported(documentWith({ fullscreenEnabled: false, webkitFullscreenEnabled: true }))).toBe(false);
  });
  it('falls back to the webkit-prefixed flag, and is false without either (iPhone Safari, jsdom)', () => {
    expect(isFullscreenSupported(documentWith({ webkitFullscreenEnabled: true }))).toBe(true);
    expect(isFullscreenSupported(documentWith({}))).toBe(false);
  });
});

describe('enterFullscreen', () => {
  it('uses requestFullscreen without browser navigation UI', async () => {
    const requestFullscreen = jest.fn(() => Promise.resolve());
    await enterFullscreen({ requestFullscreen } as unknown as HTMLElement);
    expect(requestFullscreen).toHaveBeenCalledWith({ navigationUI: 'hide' });
  });
  it('falls back to webkitRequestFullscreen', async () => {
    const webkitRequestFullscreen = jest.fn();
    await enterFullscreen({ webkitRequestFullscreen } as unknown as HTMLElement);
    expect(webkitRequestFullscreen).toHaveBeenCalled();
  });
});
