/** Local-storage key of the browser's random device id (play data: counting and votes). */
export const DEVICE_ID_KEY = 'deviceId';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID.test(value);

/**
 * The device id kept in `storage`, made (random, 128 bits) on first use. It names no person:
 * the API only ever keeps a keyed hash of it. Null when storage refuses (private modes): such a
 * browser's plays and votes are not sent.
 */
export function deviceIdFrom(storage: Storage | undefined, random: () => string = () => crypto.randomUUID()): string | null {
  if (!storage) return null;
  try {
    const kept = storage.getItem(DEVICE_ID_KEY);
    if (isDeviceId(kept)) return kept;
    const made = random().replace(/[^A-Za-z0-9]/g, '');
    storage.setItem(DEVICE_ID_KEY, made);
    return storage.getItem(DEVICE_ID_KEY) === made ? made : null;
  } catch {
    return null;
  }
}
