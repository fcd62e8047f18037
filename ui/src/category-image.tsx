import type { ImgHTMLAttributes } from 'react';
import { DEFAULT_CATEGORY_IMAGE, categoryImage } from '@portal/shared-contracts/category-art';
import { FallbackImage } from './fallback-image';

interface CategoryImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  category: string;
}

/** A category's artwork (product §2.12), replaced by the default category image if it fails to load. */
export function CategoryImage({ category, alt = '', ...rest }: CategoryImageProps) {
  return (
    <FallbackImage {...rest} alt={alt} src={categoryImage(category)} fallback={DEFAULT_CATEGORY_IMAGE} width={400} height={300} />
  );
}
