/**
 * The amount field's rule (docs/modal.md, docs/limits.md "Funding"): only digits and at most one decimal
 * point are kept (anything else typed is dropped), and a text beginning with '.' gets a leading 0. Returns
 * the previous text when the new one would have a second '.'.
 *
 * @example sanitizeAmountInput('.5', '') // '0.5'
 * @example sanitizeAmountInput('1.2.', '1.2') // '1.2'
 */
export function sanitizeAmountInput(text: string, previous: string): string {
  const kept = text.replace(/[^\d.]/g, '')
  if ((kept.match(/\./g) ?? []).length > 1) return previous
  return kept.startsWith('.') ? `0${kept}` : kept
}

/** Whether the amount text is a number greater than 0 (docs/limits.md: Continue enabled only then). */
export function isPositiveAmount(text: string): boolean {
  return /^\d+(\.\d*)?$/.test(text) && Number(text) > 0
}
