import type { ImgHTMLAttributes } from 'react';
import { DEFAULT_GAME_IMAGE } from '@portal/shared-contracts/game-art';
import { FallbackImage } from './fallback-image';

interface GameThumbProps extends Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'> {
  className: string;
  src: string;
  /** Width and height in CSS pixels: a square. */
  size: number;
}

/**
 * A game's picture beside its name in a list of games: decorative (the name is the label, so no
 * alt text), the default game art when the picture fails.
 */
export function GameThumb({ size, ...rest }: GameThumbProps) {
  return <FallbackImage {...rest} fallback={DEFAULT_GAME_IMAGE} alt="" width={size} height={size} />;
}
