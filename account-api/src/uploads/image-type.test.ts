import { detectImageType } from './image-type';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('detectImageType', () => {
  it.each([
    ['png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'rest')],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF')],
    ['gif', bytes('GIF89a...')],
    ['gif', bytes('GIF87a...')],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
  ])('recognises %s by its first bytes', (extension, data) => {
    expect(detectImageType(data)?.extension).toBe(extension);
  });

  it.each([
    ['svg (can carry script)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['html', bytes('<!doctype html>')],
    ['a RIFF that is not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['a truncated PNG signature', bytes(0x89, 'PN')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});
