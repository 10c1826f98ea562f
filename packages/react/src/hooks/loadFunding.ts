/**
 * Loads `@foyer/core/funding` on first use (its own chunk, with the funding screens; docs/architecture.md
 * "Budgets"). Internal.
 */
export function loadFunding() {
  return import('@foyer/core/funding')
}
