/** How long a sponsoring service's paymaster signature stays valid, in seconds (docs/smart-wallets.md#the-paymaster). */
export const SPONSORED_PAYMASTER_EXPIRY_SECONDS = 300

/**
 * Hosts of the sponsoring services whose ERC-7677 paymaster takes a fixed sponsorship context rather than the
 * app's `policy_id`: Biconomy's paymaster API.
 */
export const SPONSORING_PAYMASTER_HOSTS: readonly string[] = ['paymaster.biconomy.io']

/**
 * The context of a known sponsoring service's paymaster: sponsor the operation (`mode: 'SPONSORED'`), let the
 * service compute the gas limits, and sign for {@link SPONSORED_PAYMASTER_EXPIRY_SECONDS} (its field
 * `expiryDuration`, seconds).
 */
export type SponsoringServiceContext = {
  mode: 'SPONSORED'
  calculateGasLimits: true
  expiryDuration: number
}

/** The app's paymaster context for any other paymaster: its sponsorship policy (`{ policyId }`). */
export type PolicyContext = { policyId: string }

/**
 * The `context` sent with `pm_getPaymasterStubData` and `pm_getPaymasterData` (ERC-7677) for a network
 * (docs/smart-wallets.md#the-paymaster): a paymaster URL of a known sponsoring service
 * ({@link SPONSORING_PAYMASTER_HOSTS}, or a subdomain of one) gets `{ mode: 'SPONSORED', calculateGasLimits:
 * true, expiryDuration: 300 }`; any other gets `{ policyId }` when the network's `paymaster_context` has a
 * `policy_id`, else no context. No paymaster URL, no context.
 *
 * @example
 * paymasterContextFor({ paymaster_url: 'https://paymaster.biconomy.io/api/v2/84532/key' })
 * // { mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300 }
 * paymasterContextFor({ paymaster_url: 'http://127.0.0.1:4338', paymaster_context: { policy_id: 'sp_1' } })
 * // { policyId: 'sp_1' }
 */
export function paymasterContextFor(network: {
  paymaster_url?: string | null | undefined
  paymaster_context?: { policy_id?: string | null | undefined } | null | undefined
}): SponsoringServiceContext | PolicyContext | undefined {
  if (!network.paymaster_url) return undefined
  if (isSponsoringService(network.paymaster_url))
    return {
      mode: 'SPONSORED',
      calculateGasLimits: true,
      expiryDuration: SPONSORED_PAYMASTER_EXPIRY_SECONDS,
    }
  const policyId = network.paymaster_context?.policy_id
  return policyId ? { policyId } : undefined
}

/** Whether the URL's host is one of {@link SPONSORING_PAYMASTER_HOSTS} or a subdomain of one. */
function isSponsoringService(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  return SPONSORING_PAYMASTER_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))
}
