import { AddressLimit } from './address-limit';

const clock = () => {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('AddressLimit', () => {
  test('lets a burst through, then one beacon per refill', () => {
    const time = clock();
    const limit = new AddressLimit({ burst: 3, perSecond: 1 }, time.now);
    expect([1, 2, 3, 4].map(() => limit.take('a'))).toEqual([true, true, true, false]);
    time.advance(1000);
    expect([limit.take('a'), limit.take('a')]).toEqual([true, false]);
    expect(limit.take('b')).toBe(true);
  });

  test('never remembers more addresses than allowed, however many come', () => {
    const limit = new AddressLimit({ burst: 2, perSecond: 1, maxAddresses: 100 }, clock().now);
    for (let i = 0; i < 10_000; i += 1) {
      limit.take(`10.0.${i >> 8}.${i & 255}`);
      expect(limit.size).toBeLessThanOrEqual(100);
    }
  });

  test('an address that keeps sending stays held back through a flood of new addresses', () => {
    const limit = new AddressLimit({ burst: 2, perSecond: 0.001, maxAddresses: 10 }, clock().now);
    limit.take('flooder');
    limit.take('flooder');
    for (let i = 0; i < 1_000; i += 1) {
      limit.take(`new-${i}`);
      // Seen again within each generation (5 addresses here), so its empty bucket is kept.
      if (i % 3 === 0) expect(limit.take('flooder')).toBe(false);
    }
  });

  test('an address unused for longest is forgotten first, and starts again with a full bucket', () => {
    const limit = new AddressLimit({ burst: 1, perSecond: 0.001, maxAddresses: 4 }, clock().now);
    expect(limit.take('old')).toBe(true);
    expect(limit.take('old')).toBe(false);
    for (const address of ['a', 'b', 'c', 'd', 'e']) limit.take(address);
    expect(limit.take('old')).toBe(true);
  });
});
