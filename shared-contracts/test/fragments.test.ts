import { fillSlots, fragmentPieces, propsKey, slottedProps } from '../src/federation/fragments';

/** The fragment cut at its slots, as the page service does once per loaded file. */
function cut(html: string) {
  const pieces = fragmentPieces(html);
  if (pieces === null) throw new Error(`not a fragment: ${html}`);
  return pieces;
}

describe('remote fragments: slots for props', () => {
  it('replaces every string, nested ones too, and keeps arrays and numbers', () => {
    const slotted = slottedProps({ brand: { name: 'Arcade', blurb: 'Play' }, hosts: ['a.example'], count: 3 });
    expect(slotted.brand.name).not.toBe('Arcade');
    expect(slotted.hosts).toEqual(['a.example']);
    expect(slotted.count).toBe(3);
    const html = `<h1 title="${slotted.brand.name}">${slotted.brand.name}</h1><p>${slotted.brand.blurb}</p>`;
    expect(fillSlots(cut(html), { brand: { name: 'Games & <Co>', blurb: `It's "fun"` } })).toBe(
      '<h1 title="Games &amp; &lt;Co&gt;">Games &amp; &lt;Co&gt;</h1><p>It&#x27;s &quot;fun&quot;</p>',
    );
  });

  it('cuts a fragment into its HTML pieces and slot paths, one piece more than slots', () => {
    const { brand } = slottedProps({ brand: { name: '', blurb: '' } });
    expect(fragmentPieces(`${brand.name}<p>${brand.blurb}</p>`)).toEqual({
      html: ['', '<p>', '</p>'],
      slots: ['brand.name', 'brand.blurb'],
    });
    expect(fragmentPieces('<p>no slot</p>')).toEqual({ html: ['<p>no slot</p>'], slots: [] });
  });

  it('refuses a fragment whose slot marker is not closed; a lone end marker is text', () => {
    expect(fragmentPieces('<p>\uE000brand.name</p>')).toBeNull();
    expect(fillSlots(cut('<p>a\uE001b</p>'), {})).toBe('<p>a\uE001b</p>');
  });

  it('gives null when a slot names a prop the shell does not pass (a remote built against other props)', () => {
    const html = `<p>${slottedProps({ brand: { tagline: '' } }).brand.tagline}</p>`;
    expect(fillSlots(cut(html), { brand: { name: 'Arcade' } })).toBeNull();
    expect(fillSlots(cut(html), { brand: { tagline: 3 } })).toBeNull();
    expect(fillSlots(cut(html), null)).toBeNull();
  });

  it('leaves HTML without slots as it is', () => {
    expect(fillSlots(cut('<a href="/game/5">Five</a>'), {})).toBe('<a href="/game/5">Five</a>');
  });

  it('keys a fragment by the props it was rendered with: any strings, but the same everything else', () => {
    expect(propsKey({ brand: { name: 'Arcade' } })).toBe(propsKey({ brand: { name: 'Games' } }));
    expect(propsKey({})).toBe(propsKey({ gameHosts: undefined }));
    expect(propsKey({})).not.toBe(propsKey({ gameHosts: ['games.example'] }));
  });
});
