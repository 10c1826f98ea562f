import { randomBytes } from 'node:crypto'
import { type CreateEmbeddedWalletRequest, embeddedWalletSchema, userSchema } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { testEmbeddedWallet } from '../../../../protocol/test/fakeApi'
import { randomId } from '../../crypto/randomId'
import { frameProofHeaders } from '../../test/createTestDevice'
import { signWalletBody, testEthereumAddress, testSolanaAddress } from '../../test/testWalletAddresses'
import { useTestContext } from '../../test/useTestContext'
import { linkedAccounts } from '../users/schema'
import { walletEntropies } from './schema'

const t = useTestContext()
let counter = 0
const frameHeaders = { host: 'wallet.foyer.test', origin: 'http://wallet.foyer.test' }

beforeAll(async () => {
  proofHeaders = frameProofHeaders(t)
}, 60_000)

const signIn = (email = `wallet${++counter}@example.com`) => t.signIn(email)
const b64 = (bytes: number) => randomBytes(bytes).toString('base64')
/** Password recovery material as the frame uploads it: fresh ciphertext, IV and salt, PBKDF2 `iterations`. */
const passcodeRecovery = (iterations: number) => ({
  recovery_method: 'user-passcode' as const,
  ciphertext: b64(33),
  iv: b64(12),
  salt: b64(16),
  kdf: 'pbkdf2-sha256' as const,
  iterations,
})
const ethAddress = testEthereumAddress
const solanaAddress = testSolanaAddress
const signAddress = (url: string, token: string, json: unknown) =>
  signWalletBody(t.demoApp.id, url, token, json)
const ADDITIONAL_WALLET_URL = '/api/v1/embedded_wallets/additional'
/** An additional-wallet body: the Ethereum `address` (default: a fresh one) at `walletIndex` of entropy `entropyId`. */
const additionalBody = (entropyId: string, walletIndex: number, address: string = ethAddress()) => ({
  chain_type: 'ethereum' as const,
  entropy_id: entropyId,
  wallet_index: walletIndex,
  address,
})
/** A create body without its `address_signature` (`frameCall` signs it with the address's key). */
type UnsignedCreateBody = Omit<CreateEmbeddedWalletRequest, 'address_signature'>
function createBody(overrides: Partial<UnsignedCreateBody> = {}): UnsignedCreateBody {
  return {
    chain_type: 'ethereum',
    address: ethAddress(),
    auth_share: b64(17),
    recovery: { recovery_method: 'privy', recovery_key: b64(32), ciphertext: b64(33), iv: b64(12) },
    ...overrides,
  }
}
/** Proof headers by one registered device per access token (set up with `t`). */
let proofHeaders: ReturnType<typeof frameProofHeaders>
/**
 * A POST as the wallet frame makes it: with the default headers, the frame's origin and a proof by a
 * device registered for `token`, and the address's signature on create bodies.
 */
async function frameCall(
  url: string,
  token: string | undefined,
  json: unknown,
  headers: Record<string, string> = frameHeaders,
) {
  if (token === undefined || headers !== frameHeaders)
    return t.request({ method: 'POST', url, bearer: token, json, headers })
  return t.request({
    method: 'POST',
    url,
    bearer: token,
    json: await signAddress(url, token, json),
    headers: await proofHeaders(url, token),
  })
}
/** The stored row of the wallet entropy `entropyId` (its sealed shares), or undefined. */
async function storedEntropy(entropyId: string) {
  const [row] = await t.db.orm.select().from(walletEntropies).where(eq(walletEntropies.entropyId, entropyId))
  return row
}
async function me(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
  return userSchema.parse(response.json().user)
}

describe('POST /api/v1/embedded_wallets', () => {
  test('default: stores the wallet; it is a linked account in /users/me and in the next auth response', async () => {
    const email = `wallet${++counter}@example.com`
    const auth = await signIn(email)
    const body = createBody()
    const response = await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    expect(response.statusCode).toBe(200)
    const wallet = embeddedWalletSchema.parse(response.json().wallet)
    expect(wallet).toEqual({
      address: body.address,
      chain_type: 'ethereum',
      wallet_index: 0,
      entropy_id: body.address,
      entropy_id_verifier: 'ethereum-address-verifier',
      recovery_method: 'privy',
      imported: false,
      created_at: Math.floor(t.now() / 1000),
    })
    const at = Math.floor(t.now() / 1000)
    const account = testEmbeddedWallet({
      id: expect.stringMatching(/^[0-9a-z]{25}$/),
      address: body.address,
      verified_at: at,
      first_verified_at: at,
      latest_verified_at: at,
    })
    expect((await me(auth.token!)).linked_accounts).toEqual([
      expect.objectContaining({ type: 'email' }),
      account,
    ])
    t.advance(31_000) // resend cooldown
    const again = await signIn(email)
    expect(again.user.linked_accounts).toContainEqual(account)
    const list = await t.request({ method: 'GET', url: '/api/v1/embedded_wallets', bearer: auth.token! })
    expect(list.json()).toEqual({ wallets: [wallet] })
  })

  test('behavior: the auth share and recovery material are encrypted at rest', async () => {
    const auth = await signIn()
    const body = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    const row = await storedEntropy(body.address)
    expect(row?.authShare).toMatch(/^v1\./)
    expect(row?.authShare).not.toContain(body.auth_share)
    expect(row?.recovery).toMatch(/^v1\./)
    if (body.recovery.recovery_method !== 'privy') throw new Error('fixture')
    expect(row?.recovery).not.toContain(body.recovery.recovery_key)
  })

  test("error: a second wallet of the same chain type → 'User already has an embedded wallet.'", async () => {
    const auth = await signIn()
    expect((await frameCall('/api/v1/embedded_wallets', auth.token!, createBody())).statusCode).toBe(200)
    const duplicate = await frameCall('/api/v1/embedded_wallets', auth.token!, createBody())
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.json()).toEqual({
      error: 'User already has an embedded wallet.',
      code: 'resource_conflict',
    })
    // Another chain type is a different wallet.
    const solana = await frameCall(
      '/api/v1/embedded_wallets',
      auth.token!,
      createBody({ chain_type: 'solana', address: solanaAddress() }),
    )
    expect(solana.statusCode).toBe(200)
    expect(solana.json().wallet.entropy_id_verifier).toBe('solana-address-verifier')
  })

  test('behavior: 10 racing creates end with one wallet', async () => {
    const auth = await signIn()
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => frameCall('/api/v1/embedded_wallets', auth.token!, createBody())),
    )
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
    for (const response of responses.filter((response) => response.statusCode !== 200))
      expect(response.json()).toEqual({
        error: 'User already has an embedded wallet.',
        code: 'resource_conflict',
      })
    const user = await me(auth.token!)
    expect(user.linked_accounts.filter((account) => account.type === 'wallet')).toHaveLength(1)
  })

  test('error: malformed bodies → 400 invalid_data', async () => {
    const auth = await signIn()
    for (const body of [
      createBody({ address: '0x1234' }),
      createBody({ chain_type: 'solana' }),
      createBody({ auth_share: 'not base64!' }),
      {
        ...createBody(),
        recovery: passcodeRecovery(1000),
      },
      { ...createBody(), recovery: { recovery_method: 'icloud' } },
    ]) {
      const response = await frameCall('/api/v1/embedded_wallets', auth.token!, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().code).toBe('invalid_data')
    }
  })

  test('error: no session → 401; another origin → 403 invalid_origin', async () => {
    const unsigned = { ...createBody(), address_signature: `0x${'00'.repeat(65)}` }
    expect((await frameCall('/api/v1/embedded_wallets', undefined, unsigned)).statusCode).toBe(401)
    const auth = await signIn()
    for (const headers of [
      { host: 'wallet.foyer.test' },
      { host: 'wallet.foyer.test', origin: 'http://localhost:5173' },
      { ...frameHeaders, 'sec-fetch-site': 'cross-site' },
    ]) {
      const body = await signAddress('/api/v1/embedded_wallets', auth.token!, createBody())
      const response = await frameCall('/api/v1/embedded_wallets', auth.token!, body, headers)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Only the wallet frame may call this endpoint',
        code: 'invalid_origin',
      })
    }
  })
})

describe('POST /api/v1/embedded_wallets/additional', () => {
  test('default: index 1 of the existing entropy becomes a linked account', async () => {
    const auth = await signIn()
    const root = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, root)
    const address = ethAddress()
    const response = await frameCall(
      ADDITIONAL_WALLET_URL,
      auth.token!,
      additionalBody(root.address.toUpperCase().replace('0X', '0x'), 1, address),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().wallet).toMatchObject({ address, wallet_index: 1, entropy_id: root.address })
    const wallets = (await me(auth.token!)).linked_accounts.flatMap((account) =>
      account.type === 'wallet' && account.wallet_client === 'privy' ? [account] : [],
    )
    expect(wallets.map((wallet) => wallet.wallet_index)).toEqual([0, 1])
    const duplicate = await frameCall(ADDITIONAL_WALLET_URL, auth.token!, additionalBody(root.address, 1))
    expect(duplicate.json()).toEqual({
      error: 'Only the next wallet index (2) can be added',
      code: 'invalid_request',
    })
    const skipped = await frameCall(ADDITIONAL_WALLET_URL, auth.token!, additionalBody(root.address, 7))
    expect(skipped.json()).toEqual({
      error: 'Only the next wallet index (2) can be added',
      code: 'invalid_request',
    })
    // Two racing calls for the next index: one wins; the other is refused (the index exists, or is no
    // longer the next one, depending on when it read).
    const racing = await Promise.all(
      [ethAddress(), ethAddress()].map((next) =>
        frameCall(ADDITIONAL_WALLET_URL, auth.token!, additionalBody(root.address, 2, next)),
      ),
    )
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 400])
    expect(['resource_conflict', 'invalid_request']).toContain(
      racing.find((response) => response.statusCode === 400)?.json().code,
    )
    const indexes = (await me(auth.token!)).linked_accounts.flatMap((account) =>
      account.type === 'wallet' && account.wallet_client === 'privy' ? [account.wallet_index] : [],
    )
    expect(indexes).toEqual([0, 1, 2])
  })

  test('error: an address not signed by its own key for this user and index is refused', async () => {
    const auth = await signIn()
    const other = await signIn()
    const root = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, root)
    const address = ethAddress()
    const signatureOf = async (token: string, body: ReturnType<typeof additionalBody>) =>
      ((await signAddress(ADDITIONAL_WALLET_URL, token, body)) as Record<string, unknown>).address_signature
    for (const address_signature of [
      await signatureOf(other.token!, additionalBody(root.address, 1, address)),
      await signatureOf(auth.token!, additionalBody(root.address, 5, address)),
      await signatureOf(auth.token!, additionalBody(root.address, 1)),
      `0x${'00'.repeat(65)}`,
    ]) {
      const response = await frameCall(ADDITIONAL_WALLET_URL, auth.token!, {
        ...additionalBody(root.address, 1, address),
        address_signature,
      })
      expect(response.json()).toEqual({
        error: 'The wallet address is not proven by its key',
        code: 'invalid_data',
      })
    }
    // A Solana address is proven by its ed25519 key the same way.
    const solana = solanaAddress()
    const foreign = (await signAddress('/api/v1/embedded_wallets', other.token!, {
      chain_type: 'solana',
      address: solana,
    })) as Record<string, unknown>
    const refused = await frameCall('/api/v1/embedded_wallets', auth.token!, {
      ...createBody({ chain_type: 'solana', address: solana }),
      address_signature: foreign.address_signature,
    })
    expect(refused.json().error).toBe('The wallet address is not proven by its key')
    expect(
      (await me(auth.token!)).linked_accounts.filter((account) => account.type === 'wallet'),
    ).toHaveLength(1)
  })

  test('error: index > 0 needs index 0; 0 and negative indexes are invalid', async () => {
    const auth = await signIn()
    const first = await frameCall(ADDITIONAL_WALLET_URL, auth.token!, additionalBody(ethAddress(), 1))
    expect(first.statusCode).toBe(400)
    expect(first.json()).toEqual({
      error: 'An additional wallet needs the wallet at index 0',
      code: 'invalid_request',
    })
    for (const walletIndex of [0, -1, 1.5]) {
      const response = await frameCall(
        ADDITIONAL_WALLET_URL,
        auth.token!,
        additionalBody(ethAddress(), walletIndex),
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('invalid_data')
    }
  })
})

describe('POST /api/v1/embedded_wallets/import', () => {
  const importBody = (overrides: Partial<UnsignedCreateBody> = {}) =>
    createBody({ auth_share: b64(33), ...overrides })

  test('default: an imported key is a wallet of its own beside the generated one: index 0, imported, its shares sealed', async () => {
    const auth = await signIn()
    const generated = createBody()
    expect((await frameCall('/api/v1/embedded_wallets', auth.token!, generated)).statusCode).toBe(200)
    for (const chain of ['ethereum', 'solana'] as const) {
      const body = importBody(chain === 'solana' ? { chain_type: 'solana', address: solanaAddress() } : {})
      const response = await frameCall('/api/v1/embedded_wallets/import', auth.token!, body)
      expect(response.statusCode).toBe(200)
      expect(embeddedWalletSchema.parse(response.json().wallet)).toMatchObject({
        address: body.address,
        chain_type: chain,
        wallet_index: 0,
        entropy_id: body.address,
        imported: true,
      })
      const row = await storedEntropy(body.address)
      expect(row?.authShare).toMatch(/^v1\./)
      expect(row?.authShare).not.toContain(body.auth_share)
      // The frame gets its auth share back, marked imported.
      const share = await frameCall('/api/v1/embedded_wallets/auth_share', auth.token!, {
        chain_type: chain,
        entropy_id: body.address,
      })
      expect(share.json()).toMatchObject({ auth_share: body.auth_share, imported: true })
    }
    const wallets = (await me(auth.token!)).linked_accounts.filter((account) => account.type === 'wallet')
    expect(
      wallets.map(
        (wallet) => 'imported' in wallet && [wallet.chain_type, wallet.wallet_index, wallet.imported],
      ),
    ).toEqual([
      ['ethereum', 0, false],
      ['ethereum', 0, true],
      ['solana', 0, true],
    ])
    // A generated wallet of a chain where only an imported key exists is still allowed.
    const solana = createBody({ chain_type: 'solana', address: solanaAddress() })
    expect((await frameCall('/api/v1/embedded_wallets', auth.token!, solana)).statusCode).toBe(200)
  })

  test("error: an imported key has no additional indexes; the same key twice is 'This address is already an embedded wallet'", async () => {
    const auth = await signIn()
    const body = importBody()
    expect((await frameCall('/api/v1/embedded_wallets/import', auth.token!, body)).statusCode).toBe(200)
    const again = await frameCall(
      '/api/v1/embedded_wallets/import',
      auth.token!,
      importBody({ address: body.address }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      code: 'resource_conflict',
      error: 'This address is already an embedded wallet',
    })
    const other = await signIn()
    const elsewhere = await frameCall(
      '/api/v1/embedded_wallets/import',
      other.token!,
      importBody({ address: body.address }),
    )
    expect(elsewhere.json()).toMatchObject({ code: 'resource_conflict' })
    const added = await frameCall(ADDITIONAL_WALLET_URL, auth.token!, additionalBody(body.address, 1))
    expect(added.statusCode).toBe(400)
    expect(added.json()).toMatchObject({
      code: 'invalid_request',
      error: 'An imported wallet has no additional wallets',
    })
  })

  test("error: a key another user signs in with as an external wallet is 'This wallet is linked to another account'", async () => {
    const [owner, other] = [await signIn(), await signIn()]
    const address = ethAddress()
    const now = new Date(t.now())
    await t.db.orm.insert(linkedAccounts).values({
      id: randomId(),
      appId: t.demoApp.id,
      userId: owner.user.id.replace('did:foyer:', ''),
      type: 'siwe',
      subject: address.toLowerCase(),
      details: { address },
      verifiedAt: now,
      firstVerifiedAt: now,
      latestVerifiedAt: now,
      createdAt: now,
    })
    const refused = await frameCall('/api/v1/embedded_wallets/import', other.token!, importBody({ address }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'resource_conflict',
      error: 'This wallet is linked to another account',
    })
    // Its own external wallet, the user may import.
    const own = await frameCall('/api/v1/embedded_wallets/import', owner.token!, importBody({ address }))
    expect(own.statusCode).toBe(200)
  })

  test('behavior: 8 racing imports of one key by two users end with one wallet', async () => {
    const [alice, bob] = [await signIn(), await signIn()]
    const address = ethAddress()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        frameCall(
          '/api/v1/embedded_wallets/import',
          (index % 2 ? alice : bob).token!,
          importBody({ address }),
        ),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    for (const answer of answers.filter((answer) => answer.statusCode !== 200))
      expect(answer.json()).toMatchObject({ code: 'resource_conflict' })
    const rows = await t.db.orm.select().from(walletEntropies).where(eq(walletEntropies.entropyId, address))
    expect(rows).toHaveLength(1)
  })

  test('error: an address its key does not prove is refused and nothing is stored', async () => {
    const auth = await signIn()
    const body = importBody()
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/v1/embedded_wallets/import',
      bearer: auth.token!,
      json: { ...body, address_signature: `0x${'11'.repeat(65)}` },
      headers: await proofHeaders('/api/v1/embedded_wallets/import', auth.token!),
    })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json()).toMatchObject({
      code: 'invalid_data',
      error: 'The wallet address is not proven by its key',
    })
    const none = await t.request({
      method: 'GET',
      url: '/api/v1/embedded_wallets',
      bearer: auth.token!,
    })
    expect(none.json()).toEqual({ wallets: [] })
  })
})

describe('share release', () => {
  test('default: the auth share goes to a live session of its owner, from the frame origin', async () => {
    const auth = await signIn()
    const body = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    const ref = { chain_type: 'ethereum', entropy_id: body.address }
    const response = await frameCall('/api/v1/embedded_wallets/auth_share', auth.token!, ref)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      chain_type: 'ethereum',
      entropy_id: body.address,
      auth_share: body.auth_share,
      recovery_method: 'privy',
      imported: false,
    })
    // Another user cannot read it.
    const other = await signIn()
    const foreign = await frameCall('/api/v1/embedded_wallets/auth_share', other.token!, ref)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ error: 'Embedded wallet not found', code: 'not_found' })
    // Not to the host page.
    const fromHost = await frameCall('/api/v1/embedded_wallets/auth_share', auth.token!, ref, {
      host: 'wallet.foyer.test',
      origin: 'http://localhost:5173',
    })
    expect(fromHost.statusCode).toBe(403)
  })

  test('error: no token, a forged token, or a logged-out session → 401', async () => {
    const auth = await signIn()
    const body = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    const ref = { chain_type: 'ethereum', entropy_id: body.address }
    for (const token of [undefined, 'garbage', `${auth.token!.slice(0, -4)}AAAA`]) {
      const response = await frameCall('/api/v1/embedded_wallets/auth_share', token, ref)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ error: 'Missing or invalid token', code: 'missing_or_invalid_token' })
    }
    await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      bearer: auth.token!,
      json: { refresh_token: auth.refresh_token },
    })
    const afterLogout = await frameCall('/api/v1/embedded_wallets/auth_share', auth.token!, ref)
    expect(afterLogout.statusCode).toBe(401)
    const expired = await signIn()
    await frameCall('/api/v1/embedded_wallets', expired.token!, createBody())
    t.advance(3601 * 1000)
    const late = await frameCall('/api/v1/embedded_wallets/recovery_material', expired.token!, ref)
    expect(late.statusCode).toBe(401)
  })

  test('default: recovery material per method (privy: key + ciphertext; user-passcode: salt + ciphertext only)', async () => {
    const auth = await signIn()
    const privy = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, privy)
    const privyMaterial = await frameCall('/api/v1/embedded_wallets/recovery_material', auth.token!, {
      chain_type: 'ethereum',
      entropy_id: privy.address,
    })
    expect(privyMaterial.json()).toEqual(privy.recovery)

    const passcode = createBody({
      chain_type: 'solana',
      address: solanaAddress(),
      recovery: passcodeRecovery(600_000),
    })
    await frameCall('/api/v1/embedded_wallets', auth.token!, passcode)
    const passcodeMaterial = await frameCall('/api/v1/embedded_wallets/recovery_material', auth.token!, {
      chain_type: 'solana',
      entropy_id: passcode.address,
    })
    expect(passcodeMaterial.json()).toEqual(passcode.recovery)
    expect(passcodeMaterial.json()).not.toHaveProperty('recovery_key')
  })

  test('default: changing the recovery method replaces the auth share and the material', async () => {
    const auth = await signIn()
    const body = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    const recovery = passcodeRecovery(700_000)
    const authShare = b64(17)
    const response = await frameCall('/api/v1/embedded_wallets/recovery', auth.token!, {
      chain_type: 'ethereum',
      entropy_id: body.address,
      auth_share: authShare,
      recovery,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().wallet).toMatchObject({ address: body.address, recovery_method: 'user-passcode' })
    const ref = { chain_type: 'ethereum', entropy_id: body.address }
    expect((await frameCall('/api/v1/embedded_wallets/auth_share', auth.token!, ref)).json().auth_share).toBe(
      authShare,
    )
    expect((await frameCall('/api/v1/embedded_wallets/recovery_material', auth.token!, ref)).json()).toEqual(
      recovery,
    )
    expect((await me(auth.token!)).linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', recovery_method: 'user-passcode' }),
    )
  })
})

describe('unlink', () => {
  test("error: an embedded wallet cannot be unlinked → 'Cannot unlink an embedded wallet'", async () => {
    const auth = await signIn()
    const body = createBody()
    await frameCall('/api/v1/embedded_wallets', auth.token!, body)
    for (const url of ['/api/v1/siwe/unlink', '/api/v1/siws/unlink']) {
      const response = await t.request({
        method: 'POST',
        url,
        bearer: auth.token!,
        json: { address: body.address.toUpperCase() },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: 'Cannot unlink an embedded wallet',
        code: 'cannot_unlink_embedded_wallet',
      })
    }
    expect((await me(auth.token!)).linked_accounts.some((account) => account.type === 'wallet')).toBe(true)
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/siwe/unlink',
      bearer: auth.token!,
      json: { address: ethAddress() },
    })
    expect(unknown.statusCode).toBe(404)
  })
})
