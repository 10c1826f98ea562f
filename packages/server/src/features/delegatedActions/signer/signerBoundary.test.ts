import { walletPolicySchema } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { deriveKey } from '../../../crypto/deriveKey'
import { openSecret } from '../../../crypto/secretBox'
import { useDelegatedActions } from '../../../test/delegatedActionsHarness'
import { embeddedWallets, walletEntropies } from '../../wallets/schema'
import { walletDelegations } from '../schema'
import { delegationBinding } from '../service'
import { createSigner } from './createSigner'
import { generateSignerKeyPair } from './hpke'
import { withDelegatedAccount } from './withDelegatedAccount'

// The server process holds the master key, the database and the signer's URL and secret; the signer's
// private key lives only in the signer's HTTP server (another process in production).
const { t, setDelegatedActions, userWithWallet, rpc, stopSigner } = useDelegatedActions()

const message = { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } }

/** Everything the server holds about a delegated wallet: its rows and the auth share it can open. */
async function serverView(address: string) {
  const [row] = await t.db.orm
    .select({ delegation: walletDelegations, wallet: embeddedWallets, entropy: walletEntropies })
    .from(walletDelegations)
    .innerJoin(embeddedWallets, eq(embeddedWallets.id, walletDelegations.walletId))
    .innerJoin(walletEntropies, eq(walletEntropies.id, embeddedWallets.entropyRowId))
    .where(eq(embeddedWallets.address, address))
  const key = deriveKey(t.masterKey, 'wallet-share-encryption')
  const authShare = openSecret(key, row!.entropy.authShare, `wallet-auth-share:${row!.entropy.id}`)
  return { ...row!, authShare }
}

describe('the signer boundary', () => {
  test('security: the server stores only the HPKE ciphertext, and nothing it holds rebuilds the key', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    expect((await rpc(walletId, message)).statusCode).toBe(200)
    const { delegation, wallet, entropy, authShare } = await serverView(user.address)
    const stored = JSON.parse(delegation.share) as { encapsulated_key: string; ciphertext: string }
    expect(Object.keys(stored).sort()).toEqual(['ciphertext', 'encapsulated_key'])
    const deviceShare = Buffer.from(user.share, 'base64')
    const rows = JSON.stringify(delegation)
    expect(rows).not.toContain(user.share)
    expect(rows).not.toContain(deviceShare.toString('hex'))
    expect(Buffer.from(stored.ciphertext, 'base64').includes(deviceShare)).toBe(false)

    // The auth share with any byte string the server holds for the delegation does not rebuild the wallet.
    const rebuilds = (other: Uint8Array) =>
      withDelegatedAccount(
        {
          shares: [Buffer.from(authShare, 'base64'), other],
          entropyId: entropy.entropyId,
          walletIndex: wallet.walletIndex,
          address: wallet.address,
        },
        async () => true,
      )
    const ciphertext = Buffer.from(stored.ciphertext, 'base64')
    for (const candidate of [
      ciphertext,
      ciphertext.subarray(0, deviceShare.length),
      ciphertext.subarray(ciphertext.length - deviceShare.length),
      Buffer.from(stored.encapsulated_key, 'base64').subarray(0, deviceShare.length),
    ])
      expect(await rebuilds(candidate)).toBeNull()
    // …while the device share in the clear, which only the frame and the signer ever hold, does.
    expect(await rebuilds(deviceShare)).toEqual({ result: true })

    // A signer with any other key (one the server could make from what it has) cannot open the ciphertext.
    const { privateKey } = await generateSignerKeyPair()
    const impostor = createSigner({ privateKey })
    const binding = delegationBinding({
      appId: delegation.appId,
      userId: delegation.userId,
      chainType: wallet.chainType,
      entropyId: entropy.entropyId,
      policy: delegation.policy,
      dailyLimit: delegation.dailyValueLimitWei,
    })
    const input = { binding, encryptedShare: stored, authShare }
    expect(
      await impostor.verifyDelegation({ ...input, wallets: [{ walletIndex: 0, address: wallet.address }] }),
    ).toBe(false)
    expect(
      await impostor.sign({ ...input, walletIndex: 0, address: wallet.address, request: message as never }),
    ).toMatchObject({ status: 'refused', code: 'delegated_share_mismatch' })
  })

  test('security: a policy widened in the database does not open the share, nor does an older sealed share: refused', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    const everything = walletPolicySchema.parse({
      version: '1.0',
      name: 'Anything',
      chain_type: 'ethereum',
      rules: [{ name: 'All', method: '*', action: 'ALLOW', conditions: [] }],
    })
    await t.db.orm
      .update(walletDelegations)
      .set({ policy: everything, dailyValueLimitWei: null })
      .where(eq(walletDelegations.walletId, walletId))
    const answer = await rpc(walletId, message)
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ code: 'invalid_data' })
    // A share sealed the older way (under the master key) is not a ciphertext for the signer either.
    await t.db.orm
      .update(walletDelegations)
      .set({ share: 'v1.c2VhbGVkIHVuZGVyIHRoZSBtYXN0ZXIga2V5' })
      .where(eq(walletDelegations.walletId, walletId))
    const older = await rpc(walletId, message)
    expect(older.statusCode).toBe(400)
    expect(older.json()).toMatchObject({ code: 'invalid_data' })
  })

  test('error: terms that changed after the frame read them are refused at consent', async () => {
    const user = await userWithWallet()
    const read = (
      await t.request({
        method: 'GET',
        url: '/api/v1/embedded_wallets/delegations',
        bearer: user.accessToken,
      })
    ).json()
    await setDelegatedActions({ daily_value_limit_wei: '20000000000000000' })
    try {
      await expect(user.delegate({ terms: read })).rejects.toMatchObject({ code: 'invalid_data' })
      expect((await user.delegate()).delegated_wallets).toHaveLength(1)
    } finally {
      await setDelegatedActions({})
    }
  })

  test('error: with the signer down, the wallet API answers 503 and no consent is stored', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    const other = await userWithWallet()
    await stopSigner()
    const answer = await rpc(walletId, message)
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toMatchObject({ code: 'internal_error', error: 'The signer is not reachable' })
    // The frame read the signer's key before; its consent cannot be checked now and is not stored.
    await expect(other.delegate()).rejects.toMatchObject({ status: 503, code: 'internal_error' })
    const stored = await t.db.orm
      .select()
      .from(walletDelegations)
      .innerJoin(embeddedWallets, eq(embeddedWallets.id, walletDelegations.walletId))
      .where(eq(embeddedWallets.address, other.address))
    expect(stored).toEqual([])
  })
})
