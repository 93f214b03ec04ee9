import { useState, type ImgHTMLAttributes } from 'react';
import placeholder from './placeholder.svg';

/** A product picture that falls back to the placeholder when it is missing or fails to load. */
export function ProductImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return <img {...rest} src={broken ? placeholder : src} alt={alt} onError={() => setFailedSrc(src)} />;
}
