import { lastDayPlays } from './game-stats';

describe('lastDayPlays', () => {
  it("counts today's plays and the share of yesterday's the 24 hours still cover", () => {
    expect(lastDayPlays({ today: 3, yesterday: 8 }, new Date('2026-11-24T00:00:00.000Z'))).toBe(11);
    expect(lastDayPlays({ today: 3, yesterday: 8 }, new Date('2026-11-24T18:00:00.000Z'))).toBe(5);
  });
});
