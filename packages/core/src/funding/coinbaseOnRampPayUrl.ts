import type { CoinbaseBlockchain } from '@foyer/protocol'

/**
 * Coinbase's asset ids (the `id` of its Buy Options API) of the assets Foyer's funding offers, by symbol: the
 * pay URL names the asset by id, as the reference client does; another symbol is passed as it is.
 */
export const COINBASE_ASSET_IDS: Readonly<Record<string, string>> = {
  USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
  ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  BTC: '5b71fc48-3dd3-540c-809b-f8c94d0e68b5',
  SOL: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
  POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
}

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
  /** The asset symbol, e.g. `'ETH'`, `'USDC'`, `'SOL'`, `'POL'` (sent as its Coinbase asset id when known). */
  asset: string
}

/**
 * The URL the exchange on-ramp popup opens (docs/api.md): the pay page with `appId`, `sessionToken`,
 * `defaultExperience`, `presetCryptoAmount`, `defaultNetwork`, `defaultPaymentMethod` (`send` → `CRYPTO_ACCOUNT`,
 * `buy` → `CARD`), `defaultAsset` (USDC, ETH, BTC, SOL and POL as their {@link COINBASE_ASSET_IDS}) and
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
    defaultAsset: COINBASE_ASSET_IDS[parameters.asset.toUpperCase()] ?? parameters.asset,
    partnerUserId: parameters.session.partner_user_id,
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}
