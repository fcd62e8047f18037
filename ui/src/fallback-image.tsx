import { useState, type ImgHTMLAttributes } from 'react';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  /** Shown once if src fails; never retried, so a broken fallback cannot loop. */
  fallback: string;
}

/** An <img> that swaps to a fallback image once when its source fails to load. */
export function FallbackImage({ src, fallback, alt = '', ...rest }: FallbackImageProps) {
  // Remember which src failed, so a new src (e.g. another game) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallback : src;
  return (
    <img
      {...rest}
      alt={alt}
      src={shown}
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
