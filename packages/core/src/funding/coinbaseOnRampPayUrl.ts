import type { CoinbaseBlockchain } from '@foyer/protocol'

/** Coinbase Onramp's pay page (its hosted buy flow). */
export const COINBASE_ONRAMP_PAY_URL = 'https://pay.coinbase.com/buy/select-asset'

/** Parameters of {@link coinbaseOnRampPayUrl}. */
export type CoinbaseOnRampPayUrlParameters = {
  /** The pay page; default {@link COINBASE_ONRAMP_PAY_URL} (a local stand-in in tests and the demo). */
  payUrl?: string | undefined
  /** `app_id`, `session_token` and `partner_user_id` of `initCoinbaseOnRamp`. */
  session: { app_id: string; session_token: string; partner_user_id: string }
  /**
   * `'send'`: transfer from the user's Coinbase account (payment method `CRYPTO_ACCOUNT`); `'buy'`: buy with
   * a card (`CARD`) — docs/wire.md.
   */
  experience: 'send' | 'buy'
  /** The amount to preset, in units of the asset (a decimal string, e.g. `'0.05'`). */
  amount: string
  network: CoinbaseBlockchain
  /** The asset symbol, e.g. `'ETH'`, `'USDC'`, `'SOL'`, `'POL'`. */
  asset: string
}

/**
 * The URL the exchange on-ramp popup opens (docs/api.md): the pay page with `appId`, `sessionToken`,
 * `defaultExperience`, `presetCryptoAmount`, `defaultNetwork`, `defaultPaymentMethod`, `defaultAsset` and
 * `partnerUserId`, in that order.
 *
 * @example
 * window.open(coinbaseOnRampPayUrl({ session, experience: 'send', amount: '0.05', network: 'base', asset: 'ETH' }))
 */
export function coinbaseOnRampPayUrl(parameters: CoinbaseOnRampPayUrlParameters): string {
  const url = new URL(parameters.payUrl ?? COINBASE_ONRAMP_PAY_URL)
  const query = {
    appId: parameters.session.app_id,
    sessionToken: parameters.session.session_token,
    defaultExperience: parameters.experience,
    presetCryptoAmount: parameters.amount,
    defaultNetwork: parameters.network,
    defaultPaymentMethod: parameters.experience === 'send' ? 'CRYPTO_ACCOUNT' : 'CARD',
    defaultAsset: parameters.asset,
    partnerUserId: parameters.session.partner_user_id,
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}
