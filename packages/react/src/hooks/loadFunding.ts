/**
 * Loads `@foyer/core/funding` on first use (its own chunk, with the funding screens; DESIGN.md "Budgets").
 * Internal.
 */
export function loadFunding() {
  return import('@foyer/core/funding')
}
