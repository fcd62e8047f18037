import { OTHER_LABEL } from '@portal/shared-contracts/telemetry';
import { KnownLabels } from './known-labels';

describe('KnownLabels', () => {
  it('keeps the builds in use however many came and went since, and drops the oldest of the rest', async () => {
    let clock = 0;
    let canary = 0;
    // The live build stays the same while canaries come and go, a new one at each refresh.
    const labels = new KnownLabels(
      () => Promise.resolve({ mf_catalog: ['live', `canary-${(canary += 1)}`] }),
      () => clock,
    );
    for (let i = 0; i < 8; i += 1) {
      await labels.refresh();
      clock += 1_000;
    }
    // Nine builds seen, eight kept: the live one and the latest seven canaries.
    expect(labels.build('mf_catalog', 'live')).toBe('live');
    expect(labels.build('mf_catalog', 'canary-8')).toBe('canary-8');
    expect(labels.build('mf_catalog', 'canary-2')).toBe('canary-2');
    expect(labels.build('mf_catalog', 'canary-1')).toBe(OTHER_LABEL);
    expect(labels.build('mf_catalog', 'not-a-build')).toBe(OTHER_LABEL);
  });

  it('knows nothing of a part its config does not name', async () => {
    const labels = new KnownLabels(() => Promise.resolve({ shell: ['s1'] }));
    await labels.refresh();
    expect(labels.part('mf_unknown')).toBe(OTHER_LABEL);
    expect(labels.build('shell', 's1')).toBe('s1');
  });
});
