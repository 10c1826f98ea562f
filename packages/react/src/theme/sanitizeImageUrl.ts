const dataImagePattern = /^data:image\/(?:png|jpeg|jpg|gif|webp|avif|svg\+xml)(?:;[a-z0-9=._+-]+)*,/i

/**
 * Accepts an image URL only when it is `http:`/`https:` (absolute) or a `data:image/…` URL; anything else
 * (`javascript:`, relative paths, other data types) is dropped (docs/conventions.md "Styling").
 *
 * @param value - a logo URL from the host's `appearance.logo` or the app configuration's `logo_url`
 * @returns the URL when safe, else `undefined`
 *
 * @example
 * sanitizeImageUrl('https://example.com/logo.png') // 'https://example.com/logo.png'
 * sanitizeImageUrl('javascript:alert(1)') // undefined
 */
export function sanitizeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const url = value.trim()
  if (dataImagePattern.test(url)) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}
