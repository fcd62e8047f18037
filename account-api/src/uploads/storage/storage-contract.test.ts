import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setupS3Server } from '../../testing/s3-server';
import { TINY_PNG } from '../../testing/test-server';
import { fsPictureStore } from './fs-storage';
import { StorageUnavailableError, type PictureStorage, type StoredPicture } from './picture-storage';
import { s3PictureStore } from './s3-storage';

const s3 = setupS3Server();
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

let counter = 0;
const nameOf = (extension = 'png') => {
  counter += 1;
  return `${String(counter).padStart(8, '0')}${'e'.repeat(24)}.${extension}`;
};
const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const listed = async (storage: PictureStorage) => {
  const all: StoredPicture[] = [];
  for await (const page of storage.list()) all.push(...page);
  return all;
};

// The same contract for both drivers: the S3 one against a real S3-compatible server (s3rver).
describe.each([
  [
    'fs',
    () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pictures-fs-'));
      folders.push(folder);
      return fsPictureStore(path.join(folder, 'uploads'));
    },
  ],
  ['s3', () => s3PictureStore(s3().settings(`contract-${String(Date.now())}/`))],
])('the %s picture storage', (_driver, create: () => PictureStorage) => {
  let storage: PictureStorage;
  beforeAll(async () => {
    storage = create();
    await storage.prepare();
  });

  it('gives back what was put: bytes, size and type', async () => {
    const name = nameOf();
    await storage.put(name, TINY_PNG, 'image/png');
    const picture = await storage.get(name);
    expect(picture).not.toBeNull();
    expect(picture?.size).toBe(TINY_PNG.length);
    expect(picture?.contentType).toBe('image/png');
    expect((await bytesOf(picture!.body)).equals(TINY_PNG)).toBe(true);
  });

  it('answers null for a name it does not hold', async () => {
    expect(await storage.get(nameOf())).toBeNull();
  });

  it('removes a picture, and removing it again is fine', async () => {
    const name = nameOf('webp');
    await storage.put(name, TINY_PNG, 'image/webp');
    await storage.remove(name);
    expect(await storage.get(name)).toBeNull();
    await expect(storage.remove(name)).resolves.toBeUndefined();
    expect((await listed(storage)).map((picture) => picture.name)).not.toContain(name);
  });

  it('lists every picture with its size and when it was written', async () => {
    const started = Date.now();
    const names = [nameOf(), nameOf('gif'), nameOf('jpg')];
    for (const name of names) await storage.put(name, TINY_PNG, 'image/png');
    const pictures = await listed(storage);
    for (const name of names) {
      const picture = pictures.find((entry) => entry.name === name);
      expect(picture?.size).toBe(TINY_PNG.length);
      // S3 keeps whole seconds.
      expect(picture!.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
      expect(picture!.modified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });
});

describe('the s3 picture storage, beyond the contract', () => {
  it('keeps its pictures under its prefix: another prefix in the bucket is not listed', async () => {
    const mine = s3PictureStore(s3().settings('mine/'));
    const theirs = s3PictureStore(s3().settings('theirs/'));
    const name = nameOf();
    await theirs.put(name, TINY_PNG, 'image/png');
    expect((await listed(mine)).map((picture) => picture.name)).not.toContain(name);
    expect(await mine.get(name)).toBeNull();
    await mine.remove(name);
    expect(await theirs.get(name)).not.toBeNull();
  });

  it('refuses to start on a bucket that does not exist, or with a key the service does not know', async () => {
    await expect(s3PictureStore({ ...s3().settings(), bucket: 'no-such-bucket' }).prepare()).rejects.toThrow(
      `UPLOADS_STORAGE=s3: cannot use bucket "no-such-bucket" at ${s3().endpoint}: it does not exist`,
    );
    await expect(
      s3PictureStore({ ...s3().settings(), accessKeyId: 'SOMEONE', secretAccessKey: 'ELSE' }).prepare(),
    ).rejects.toThrow(/access denied/);
  });

  it('turns an unreachable service into StorageUnavailableError (a 503), not a crash', async () => {
    const gone = s3PictureStore({ ...s3().settings(), endpoint: 'http://127.0.0.1:9' });
    await expect(gone.put(nameOf(), TINY_PNG, 'image/png')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(gone.get(nameOf())).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
