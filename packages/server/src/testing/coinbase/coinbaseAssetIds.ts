/**
 * Coinbase's asset ids (the `id` of its Buy Options API) of the assets a pay URL may name by id rather than
 * by symbol in `defaultAsset`, as the published reference client does: the id names the symbol.
 */
const ASSET_SYMBOLS_BY_ID: Readonly<Record<string, string>> = {
  '2b92315d-eab7-5bef-84fa-089a131333f5': 'USDC',
  'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4': 'ETH',
  '5b71fc48-3dd3-540c-809b-f8c94d0e68b5': 'BTC',
  '4f039497-3af8-5bb3-951c-6df9afa9be1c': 'SOL',
  '026bcc1e-9163-591c-a709-34dd18b2e7a1': 'POL',
  '92aa538f-b005-45cc-a237-71d6466f54d9': 'MON',
}

/** The symbol a pay URL's `defaultAsset` names: itself, or the symbol of a known Coinbase asset id. */
export function assetSymbolOf(defaultAsset: string): string {
  return ASSET_SYMBOLS_BY_ID[defaultAsset.toLowerCase()] ?? defaultAsset
}
