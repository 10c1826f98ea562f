import { type FrameExportWalletRequest, frameExportWalletRequestSchema } from '@foyer/protocol'

/**
 * The export the host asked for in the page's URL, as the reference client embeds the export page
 * (docs/interop.md, "Export from the page's URL"): query `v=1`, `entropy_id`, `hd_wallet_index` (a
 * non-negative integer), `chain_type` (`ethereum` | `solana`), `phrase_export` (`true` for the phrase too),
 * and the access token in the fragment (`#token=…`, never sent to the server). Returns the
 * `privy:wallets:export` request data, or `null` when the URL carries no such export or a field fails the
 * request's schema (the page then waits for a posted request, as with Foyer's own SDK).
 *
 * @example
 * readUrlExportRequest('?v=1&entropy_id=0xab…&hd_wallet_index=0&chain_type=ethereum', '#token=eyJ…')
 * // → { accessToken: 'eyJ…', chainType: 'ethereum', entropyId: '0xab…', walletIndex: 0, phraseExport: false }
 */
export function readUrlExportRequest(search: string, hash: string): FrameExportWalletRequest | null {
  const query = new URLSearchParams(search)
  const accessToken = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  const index = query.get('hd_wallet_index') ?? ''
  if (query.get('v') !== '1' || !accessToken || !/^\d{1,9}$/.test(index)) return null
  const parsed = frameExportWalletRequestSchema.safeParse({
    accessToken,
    chainType: query.get('chain_type'),
    entropyId: query.get('entropy_id'),
    walletIndex: Number(index),
    phraseExport: query.get('phrase_export') === 'true',
  })
  return parsed.success ? parsed.data : null
}
