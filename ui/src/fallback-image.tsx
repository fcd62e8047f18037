import { useEffect, useRef, useState, type CSSProperties, type ImgHTMLAttributes } from 'react';

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
  const image = useRef<HTMLImageElement>(null);
  // A picture in the server's HTML may have failed before React was listening (hydration,
  // decision 0032): a finished load without a picture is that failure.
  useEffect(() => {
    const element = image.current;
    if (shown !== fallback && element?.complete && element.naturalWidth === 0) {
      setFailedSrc(src);
    }
  }, [shown, fallback, src]);
  return (
    <img
      {...rest}
      ref={image}
      alt={alt}
      src={shown}
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}

/**
 * Set once on a list of pictures: `--fallback-art`, which a picture's box draws under the
 * picture (`background: var(--fallback-art, none) ...`). A slow or failing picture is then never
 * an empty box, even in the server's HTML before any script has run (decision 0032).
 */
export function fallbackArtStyle(image: string): CSSProperties {
  return { '--fallback-art': `url("${image}")` } as CSSProperties;
}
