import { RequestBudget } from './request-budget';

describe('RequestBudget', () => {
  it('allows max requests per window and key, then says how long to wait', () => {
    let now = 0;
    const budget = new RequestBudget(2, 60_000, () => now);
    expect([budget.take('a'), budget.take('a'), budget.take('b')]).toEqual([0, 0, 0]);
    now = 15_000;
    expect(budget.take('a')).toBe(45);
    now = 60_000;
    expect(budget.take('a')).toBe(0);
  });

  it('forgets old windows once many keys pile up', () => {
    let now = 0;
    const budget = new RequestBudget(1, 1000, () => now);
    for (let i = 0; i < 1500; i += 1) budget.take(`ip-${i}`);
    now = 5000;
    budget.take('late');
    expect((budget as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
