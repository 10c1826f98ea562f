/**
 * Black or white, whichever contrasts more with `color` (WCAG relative luminance).
 *
 * @param color - a hex or `rgb()` colour (falls back to white for anything else)
 * @returns `'#ffffff'` or `'#111111'`
 *
 * @example
 * readableForeground('#ffee00') // '#111111'
 */
export function readableForeground(color: string): string {
  const rgb = parseRgb(color)
  if (!rgb) return '#ffffff'
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111'
}

function parseRgb(color: string): [number, number, number] | undefined {
  if (color.startsWith('#')) {
    const hex = color.slice(1)
    const full =
      hex.length <= 4
        ? hex
            .slice(0, 3)
            .split('')
            .map((c) => c + c)
            .join('')
        : hex.slice(0, 6)
    const value = Number.parseInt(full, 16)
    return Number.isNaN(value) ? undefined : [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  }
  const parts = color.match(/[\d.]+%?/g)
  if (!parts || parts.length < 3) return undefined
  return parts.slice(0, 3).map((part) => {
    const number = Number.parseFloat(part)
    return part.endsWith('%') ? (number * 255) / 100 : number
  }) as [number, number, number]
}
