/**
 * Loads `@foyer/core/external-wallets` on first use (its own chunk: mipd, viem/siwe and the wallet standard
 * stay out of the sign-in bundle; docs/architecture.md "Budgets"). Internal.
 */
export function loadExternalWallets() {
  return import('@foyer/core/external-wallets')
}
