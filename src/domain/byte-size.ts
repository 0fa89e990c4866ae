const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** '900 B', '1.5 KB', '244 KB', '3.2 MB', '12 GB': one decimal below 10 of a unit, none above. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit && value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}
