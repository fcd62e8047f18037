import { prefetchWelcome } from './connection';

const withConnection = (connection?: object) => ({ connection }) as unknown as Navigator;

describe('prefetchWelcome', () => {
  it('welcomes prefetching where the browser says nothing about the connection', () => {
    expect(prefetchWelcome(withConnection())).toBe(true);
  });

  it('welcomes it on 3G and 4G', () => {
    expect(prefetchWelcome(withConnection({ effectiveType: '4g', saveData: false }))).toBe(true);
    expect(prefetchWelcome(withConnection({ effectiveType: '3g' }))).toBe(true);
  });

  it('refuses it when the player asked to save data, whatever the connection', () => {
    expect(prefetchWelcome(withConnection({ effectiveType: '4g', saveData: true }))).toBe(false);
  });

  it('refuses it on 2G and slow 2G', () => {
    expect(prefetchWelcome(withConnection({ effectiveType: '2g' }))).toBe(false);
    expect(prefetchWelcome(withConnection({ effectiveType: 'slow-2g' }))).toBe(false);
  });
});
