/**
 * Loads `@foyer/core/wallet` on first use (its own chunk: the sign-in bundle carries no wallet code;
 * docs/architecture.md "Budgets"). Internal.
 */
export function loadWallet() {
  return import('@foyer/core/wallet')
}
