import path from 'node:path';
import type { Config } from '../../config';
import { fsPictureStore } from './fs-storage';
import type { PictureStorage } from './picture-storage';
import { s3PictureStore } from './s3-storage';

/** The driver UPLOADS_STORAGE names: the data folder by default, or a bucket. */
export function createPictureStorage(config: Pick<Config, 'dataDir' | 'pictureStorage'>): PictureStorage {
  const settings = config.pictureStorage;
  return settings.driver === 's3' ? s3PictureStore(settings) : fsPictureStore(path.join(config.dataDir, 'uploads'));
}
