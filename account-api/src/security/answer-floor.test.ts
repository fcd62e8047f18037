import { answerNoSoonerThan } from './answer-floor';

describe('answerNoSoonerThan', () => {
  it('waits out what is left of the floor', async () => {
    const sleep = jest.fn(() => Promise.resolve());
    await answerNoSoonerThan(100, 30, { now: () => 112, sleep });
    expect(sleep).toHaveBeenCalledWith(18);
  });

  it('does not wait when the work took longer than the floor', async () => {
    const sleep = jest.fn(() => Promise.resolve());
    await answerNoSoonerThan(100, 30, { now: () => 145, sleep });
    expect(sleep).not.toHaveBeenCalled();
  });
});
