/** Image formats the API accepts, recognised by their first bytes, never by name or header. */
export interface ImageType {
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0): boolean =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/** SVG is left out on purpose: it can carry script. */
export function detectImageType(data: Buffer): ImageType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a')))
    return { extension: 'gif', contentType: 'image/gif' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8))
    return { extension: 'webp', contentType: 'image/webp' };
  return null;
}
