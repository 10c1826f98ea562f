const hexPattern = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const channel = String.raw`\s*(\d{1,3}(?:\.\d+)?%?)\s*`
const alpha = String.raw`\s*((?:0|1|0?\.\d+)|\d{1,3}%)\s*`
const rgbPattern = new RegExp(`^rgba?\\(${channel},${channel},${channel}(?:,${alpha})?\\)$`, 'i')

/**
 * Accepts a CSS color only when it is a hex color (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`) or a
 * comma-separated `rgb()`/`rgba()` with channels 0–255 (docs/conventions.md "Styling": host-supplied values
 * become CSS variables, so nothing else may reach the style sheet).
 *
 * @param value - the host's or app configuration's color, e.g. `'#4f46e5'`
 * @returns the trimmed color when safe, else `undefined`
 *
 * @example
 * sanitizeColor('#4F46E5') // '#4F46E5'
 * sanitizeColor('red;}body{display:none') // undefined
 */
export function sanitizeColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const color = value.trim()
  if (hexPattern.test(color)) return color
  const match = rgbPattern.exec(color)
  if (!match) return undefined
  for (const part of match.slice(1, 4)) {
    const number = Number.parseFloat(part ?? '')
    if (part?.endsWith('%') ? number > 100 : number > 255) return undefined
  }
  return color
}
