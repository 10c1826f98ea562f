import { describe, expect, test } from 'vitest'
import { readUrlExportRequest } from './readUrlExportRequest'

const entropyId = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const search = `?v=1&entropy_id=${entropyId}&entropy_id_verifier=ethereum-address-verifier&hd_wallet_index=2&chain_type=ethereum&client_id=web&width=360px&phrase_export=true`

describe('readUrlExportRequest', () => {
  test("the reference client's export URL: the export request, the token from the fragment", () => {
    expect(readUrlExportRequest(search, '#token=eyJ.a.b')).toEqual({
      accessToken: 'eyJ.a.b',
      chainType: 'ethereum',
      entropyId,
      walletIndex: 2,
      phraseExport: true,
    })
    expect(
      readUrlExportRequest(search.replace('phrase_export=true', 'phrase_export=false'), '#token=t'),
    ).toEqual(expect.objectContaining({ phraseExport: false }))
  })

  test('no export: no token, another version, a bad index or chain, or a malformed entropy id', () => {
    expect(readUrlExportRequest(search, '')).toBeNull()
    expect(readUrlExportRequest('', '#token=t')).toBeNull()
    expect(readUrlExportRequest(search.replace('v=1', 'v=1-unified'), '#token=t')).toBeNull()
    expect(
      readUrlExportRequest(search.replace('hd_wallet_index=2', 'hd_wallet_index=-1'), '#token=t'),
    ).toBeNull()
    expect(
      readUrlExportRequest(search.replace('hd_wallet_index=2', 'hd_wallet_index=1e3'), '#token=t'),
    ).toBeNull()
    expect(
      readUrlExportRequest(search.replace('chain_type=ethereum', 'chain_type=bitcoin'), '#token=t'),
    ).toBeNull()
    expect(readUrlExportRequest(search.replace(entropyId, 'nope'), '#token=t')).toBeNull()
  })
})
