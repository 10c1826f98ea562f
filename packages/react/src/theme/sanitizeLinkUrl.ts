/**
 * Accepts a link target only when it is an absolute `http:`/`https:` URL (e.g. the allowlist screen's
 * configured `cta_link`, docs/errors.md).
 *
 * @param value - a URL from app configuration
 * @returns the normalized URL when safe, else `undefined`
 *
 * @example
 * sanitizeLinkUrl('https://example.com/waitlist') // 'https://example.com/waitlist'
 * sanitizeLinkUrl('javascript:alert(1)') // undefined
 */
export function sanitizeLinkUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const parsed = new URL(value.trim())
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}
