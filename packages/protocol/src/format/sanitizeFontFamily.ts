const family = String.raw`\s*(?:"[A-Za-z0-9 _.-]{1,64}"|'[A-Za-z0-9 _.-]{1,64}'|[A-Za-z][A-Za-z0-9 _-]{0,63})\s*`
const familyListPattern = new RegExp(`^${family}(?:,${family}){0,9}$`)

/**
 * Accepts a CSS `font-family` list only when every entry is a plain family name (letters, digits, spaces,
 * `-`, `_`, `.`; quoted or not) — at most 10 entries and 300 characters — so a host's value can become a CSS
 * variable without escaping its declaration (docs/conventions.md "Styling"; the same rule as
 * `sanitizeColor`).
 *
 * @param value - e.g. `"'Inter', system-ui, sans-serif"`
 * @returns the trimmed list when safe, else `undefined`
 *
 * @example
 * sanitizeFontFamily("'Inter', sans-serif") // "'Inter', sans-serif"
 * sanitizeFontFamily('x;}body{display:none') // undefined
 */
export function sanitizeFontFamily(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined
  const list = value.trim()
  return familyListPattern.test(list) ? list : undefined
}
