import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** Parameters of {@link getTokenPrice}. */
export type GetTokenPriceParameters = {
  /** EIP-155 chain id; `0` for Solana (docs/api.md). */
  chainId: number
  /** The token's symbol, e.g. `'ETH'`, `'SOL'`, `'USDC'`. */
  tokenSymbol: string
}

/** What {@link getTokenPrice} throws (an action that calls others includes theirs). */
export type GetTokenPriceErrorType = RequestErrorType

/**
 * The price of one token in US dollars: `GET /api/v1/token_price?chainId=&tokenSymbol=` → `{ usd }`
 * (docs/api.md, docs/wire.md#funding). Errors are swallowed (docs/wire.md#funding): `null`.
 *
 * @example const price = await getTokenPrice(client, { chainId: 0, tokenSymbol: 'SOL' }) // 142.5 or null
 */
export async function getTokenPrice(
  client: FoyerClient,
  parameters: GetTokenPriceParameters,
): Promise<number | null> {
  try {
    const { usd } = await request(client, 'GET /api/v1/token_price', {
      query: { chainId: parameters.chainId, tokenSymbol: parameters.tokenSymbol },
    })
    return usd
  } catch {
    return null
  }
}
