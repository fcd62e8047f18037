import { ARRIVAL_LIMIT_MS, locationCommitted, navigateTo, registerNavigator } from './navigation';

describe('navigation registry', () => {
  it('queues a request made before any router registered, then uses the latest', () => {
    void navigateTo('/');
    const first = jest.fn();
    const unregisterFirst = registerNavigator(first);
    expect(first).toHaveBeenCalledWith('/');
    const second = jest.fn();
    const unregisterSecond = registerNavigator(second);
    void navigateTo('/profile');
    expect(second).toHaveBeenCalledWith('/profile');
    unregisterSecond();
    void navigateTo('/x');
    expect(first).toHaveBeenLastCalledWith('/x');
    unregisterFirst();
    locationCommitted('/profile');
    locationCommitted('/x');
  });

  it('resolves once that location is committed, or after the limit when none is', async () => {
    jest.useFakeTimers();
    const unregister = registerNavigator(jest.fn());
    const arrived = jest.fn();
    void navigateTo('/').then(arrived);
    locationCommitted('/profile');
    await Promise.resolve();
    expect(arrived).not.toHaveBeenCalled();
    locationCommitted('/');
    await Promise.resolve();
    expect(arrived).toHaveBeenCalledTimes(1);

    const gaveUp = jest.fn();
    void navigateTo('/nowhere').then(gaveUp);
    jest.advanceTimersByTime(ARRIVAL_LIMIT_MS - 1);
    await Promise.resolve();
    expect(gaveUp).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(gaveUp).toHaveBeenCalledTimes(1);
    unregister();
    jest.useRealTimers();
  });
});
