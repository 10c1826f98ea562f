import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createWalletApiClient, WalletApiError } from '@foyer/node'
import type { WalletRpcRequest } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { parseEther, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, test } from 'vitest'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret } from '../../crypto/secretBox'
import {
  appKey,
  PUBLIC_URL,
  RECIPIENT,
  type RpcOptions,
  sendPolicy,
  useDelegatedActions,
} from '../../test/delegatedActionsHarness'
import { injectFetch } from '../../test/injectFetch'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { walletEntropies } from '../wallets/schema'
import { withDelegatedAccount } from './signer/withDelegatedAccount'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const strangerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const appPublicKey = appKey.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
const { t, setDelegatedActions, userWithWallet, rpc, send, chain, fund } = useDelegatedActions()

describe('delegated actions', () => {
  test('default: consent marks the wallet delegated; the back end signs messages and typed data and sends on the chain', async () => {
    const user = await userWithWallet()
    const linked = (await user.me()).linked_accounts.find(
      (account) => account.type === 'wallet' && account.address === user.address,
    )
    expect(linked).toMatchObject({ delegated: false, id: expect.stringMatching(/^[0-9a-z]{25}$/) })
    // The linked account's id is the wallet API's wallet_id: a client that reads the user can call it.
    const walletId = (linked as { id: string }).id
    const { delegated_wallets } = await user.delegate()
    expect(delegated_wallets).toEqual([
      { id: walletId, address: user.address, chain_type: 'ethereum', wallet_index: 0 },
    ])
    expect((await user.me()).linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', id: walletId, address: user.address, delegated: true }),
    )

    const signed = await rpc(walletId, {
      method: 'personal_sign',
      params: { message: 'hello', encoding: 'utf-8' },
    })
    expect(signed.statusCode).toBe(200)
    const signature = signed.json().data.signature
    expect(await verifyMessage({ address: user.address, message: 'hello', signature })).toBe(true)

    const typedData = {
      domain: { name: 'Shop', version: '1', chainId: 31337 },
      types: { Order: [{ name: 'item', type: 'string' }] },
      primary_type: 'Order',
      message: { item: 'sword' },
    }
    const typed = await rpc(walletId, { method: 'eth_signTypedData_v4', params: { typed_data: typedData } })
    expect(typed.statusCode).toBe(200)
    expect(
      await verifyTypedData({
        address: user.address,
        domain: typedData.domain,
        types: typedData.types,
        primaryType: 'Order',
        message: typedData.message,
        signature: typed.json().data.signature,
      }),
    ).toBe(true)

    await fund(user.address)
    const before = await chain().getBalance({ address: RECIPIENT })
    const sent = await rpc(walletId, send(parseEther('0.005')))
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ method: 'eth_sendTransaction', data: { caip2: 'eip155:31337' } })
    const receipt = await chain().waitForTransactionReceipt({ hash: sent.json().data.hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(await chain().getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.005'))
  })

  test('default: the frame event privy:delegated-actions:consent (the reference shape) delegates', async () => {
    const user = await userWithWallet()
    const wrongIndex = await user.consent([{ address: user.address, chainType: 'ethereum', walletIndex: 1 }])
    expect(wrongIndex).toMatchObject({ error: { type: 'invalid_request_arguments' } })
    expect(
      await user.consent([{ address: user.address, chainType: 'ethereum', walletIndex: 0 }]),
    ).toMatchObject({
      data: { success: true },
    })
    expect((await user.me()).linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: user.address, delegated: true }),
    )
  })

  test('default: @foyer/node’s wallet API client signs the request; a refusal is a WalletApiError with its code', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    await fund(user.address)
    const wallets = createWalletApiClient({
      apiUrl: PUBLIC_URL,
      appId: t.demoApp.id,
      authorizationKey: `wallet-auth:${appKey.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
      fetch: injectFetch(t.app, 'https://host.example'),
    })
    const sent = await wallets.rpc(walletId, send(parseEther('0.005')) as WalletRpcRequest)
    expect(sent).toMatchObject({ method: 'eth_sendTransaction', data: { caip2: 'eip155:31337' } })
    const over = wallets.rpc(walletId, send(parseEther('0.02')) as WalletRpcRequest)
    await expect(over).rejects.toBeInstanceOf(WalletApiError)
    await expect(over).rejects.toMatchObject({ status: 403, code: 'policy_violation' })
  })

  test('behavior: a retry with the same idempotency key answers the first result and sends once', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    await fund(user.address)
    const key = randomUUID()
    const first = await rpc(walletId, send(parseEther('0.001')), { key })
    const again = await rpc(walletId, send(parseEther('0.001')), { key })
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await chain().getTransactionCount({ address: user.address })).toBe(1)
    // The same key on another request is refused, not answered with the first result.
    const other = await rpc(walletId, send(parseEther('0.002')), { key })
    expect(other.statusCode).toBe(400)
    expect(other.json()).toMatchObject({ code: 'invalid_request' })
  })

  test('error: a bad or replayed signature, a body changed after signing, a stranger key, a missing key, another app', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    const message = { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } }
    for (const options of [
      { signature: 'AAAA' },
      { signedBody: { ...message, params: { message: 'other', encoding: 'utf-8' } } },
      { signWith: strangerKey.privateKey },
    ] satisfies RpcOptions[]) {
      const refused = await rpc(walletId, message, options)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ code: 'invalid_authorization_signature' })
    }
    // A captured signature replayed under a new idempotency key: the key is inside the signed bytes.
    const key = randomUUID()
    expect((await rpc(walletId, message, { key })).statusCode).toBe(200)
    const replayed = await rpc(walletId, message, { signedKey: key })
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json()).toMatchObject({ code: 'invalid_authorization_signature' })
    const withoutKey = await rpc(walletId, message, { key: undefined })
    expect(withoutKey.statusCode).toBe(400)
    expect(withoutKey.json()).toMatchObject({ code: 'invalid_request' })

    // Another app, even with this app's key registered, cannot use a wallet delegated to the demo app.
    const other = await createAppRecord(t.db, { name: 'Other', masterKey: t.masterKey })
    await updateAppSettings(
      t.db,
      other.id,
      { delegated_actions: { authorization_public_keys: [appPublicKey], policy: sendPolicy() } },
      t.masterKey,
    )
    const otherApp = await rpc(walletId, message, { appId: other.id })
    expect(otherApp.statusCode).toBe(403)
    expect(otherApp.json()).toMatchObject({ code: 'user_has_not_delegated_wallet' })
    const unknown = await rpc('w'.repeat(25), message)
    expect(unknown.statusCode).toBe(403)
  })

  test('error: the policy refuses a send over its value, to another address, and the daily limit is kept', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    await fund(user.address)
    for (const body of [send(parseEther('0.02')), send(parseEther('0.001'), OTHER)]) {
      const refused = await rpc(walletId, body)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({
        code: 'policy_violation',
        error: "No rule of the policy 'Small sends to one address' allows this request.",
      })
    }
    expect((await rpc(walletId, send(parseEther('0.006')))).statusCode).toBe(200)
    const over = await rpc(walletId, send(parseEther('0.006')))
    expect(over.statusCode).toBe(403)
    expect(over.json()).toEqual({
      code: 'policy_violation',
      error: "The wallet's daily limit of 10000000000000000 wei for the app would be exceeded.",
    })
    expect((await rpc(walletId, send(parseEther('0.004')))).statusCode).toBe(200)
    // The next UTC day starts from zero.
    t.advance(24 * 3600 * 1000)
    expect((await rpc(walletId, send(parseEther('0.006')))).statusCode).toBe(200)
    expect(await chain().getTransactionCount({ address: user.address })).toBe(3)
  })

  test('behavior: the policy agreed at consent holds — an expired one refuses, a DENY rule beats an ALLOW', async () => {
    const nowSeconds = Math.floor(t.now() / 1000)
    await setDelegatedActions({ policy: sendPolicy(nowSeconds + 60) })
    const expiring = await userWithWallet()
    const expiringId = (await expiring.delegate()).delegated_wallets[0]!.id
    const deny = sendPolicy()
    deny.rules.push({
      name: 'Never to the treasury',
      method: '*',
      action: 'DENY',
      conditions: [{ field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: RECIPIENT }],
    })
    await setDelegatedActions({ policy: deny })
    const denied = await userWithWallet()
    const deniedId = (await denied.delegate()).delegated_wallets[0]!.id
    await setDelegatedActions({})
    await fund(expiring.address)

    const refused = await rpc(deniedId, send(parseEther('0.001')))
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'policy_violation',
      error: "Denied by the rule 'Never to the treasury'.",
    })
    // The app's settings allow it again, but the delegation keeps the policy the user agreed to: still denied.
    expect((await rpc(deniedId, send(parseEther('0.001')))).statusCode).toBe(403)

    expect((await rpc(expiringId, send(parseEther('0.001')))).statusCode).toBe(200)
    t.advance(61_000)
    const expired = await rpc(expiringId, send(parseEther('0.001')))
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({ code: 'policy_violation' })
  })

  test("default: GET embedded_wallets/delegations answers the app's terms and the user's delegated wallets", async () => {
    const user = await userWithWallet()
    const read = async () =>
      t.request({ method: 'GET', url: '/api/v1/embedded_wallets/delegations', bearer: user.accessToken })
    const before = await read()
    expect(before.statusCode).toBe(200)
    expect(before.headers['cache-control']).toBe('no-store')
    expect(before.json()).toEqual({
      signer_public_key: expect.stringMatching(/^[A-Za-z0-9+/]{86}[AEIMQUYcgkosw048]=$/),
      policy: sendPolicy(),
      daily_value_limit_wei: '10000000000000000',
      daily_lamports_limit: null,
      delegated_wallets: [],
    })
    const { delegated_wallets } = await user.delegate()
    expect((await read()).json().delegated_wallets).toEqual(delegated_wallets)
    await t.request({ method: 'POST', url: '/api/v1/wallets/revoke', bearer: user.accessToken })
    expect((await read()).json().delegated_wallets).toEqual([])
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/embedded_wallets/delegations' })
    expect(anonymous.statusCode).toBe(401)
  })

  test('behavior: revoke removes the delegation; the next request is refused and the wallet shows delegated: false', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    const message = { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } }
    expect((await rpc(walletId, message)).statusCode).toBe(200)
    const revoked = await t.request({
      method: 'POST',
      url: '/api/v1/wallets/revoke',
      bearer: user.accessToken,
    })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toEqual({ message: 'Revoked 1 delegated wallet' })
    expect((await user.me()).linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: user.address, delegated: false }),
    )
    const after = await rpc(walletId, message)
    expect(after.statusCode).toBe(403)
    expect(after.json()).toMatchObject({ code: 'user_has_not_delegated_wallet' })
    // The reference client posts JSON with no body at all.
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/wallets/revoke',
      bearer: user.accessToken,
      headers: { 'content-type': 'application/json' },
    })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ message: 'Revoked 0 delegated wallets' })
  })

  test('behavior: after revoke the frame re-splits: the old delegated share no longer combines with the auth share, and the user still signs', async () => {
    const user = await userWithWallet()
    await user.delegate()
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/wallets/revoke', bearer: user.accessToken }))
        .statusCode,
    ).toBe(200)
    expect(
      await user.frame('privy:wallets:set-recovery', {
        chainType: 'ethereum',
        entropyId: user.address,
        recoveryMethod: 'privy',
        existingRecoveryMethod: 'privy',
      }),
    ).toMatchObject({ data: { recoveryMethod: 'privy' } })
    const [entropy] = await t.db.orm
      .select()
      .from(walletEntropies)
      .where(eq(walletEntropies.entropyId, user.address))
    const key = deriveKey(t.masterKey, 'wallet-share-encryption')
    const authShare = openSecret(key, entropy!.authShare, `wallet-auth-share:${entropy!.id}`)
    const rebuilds = (shares: Uint8Array[]) =>
      withDelegatedAccount(
        { shares, entropyId: user.address, walletIndex: 0, address: user.address },
        async () => true,
      )
    const oldShare = Buffer.from(user.share, 'base64')
    expect(await rebuilds([oldShare, Buffer.from(authShare, 'base64')])).toBeNull()
    // The user's own signing works with the new shares.
    const signed = await user.frame('privy:wallets:rpc', {
      chainType: 'ethereum',
      entropyId: user.address,
      walletIndex: 0,
      chainId: 31337,
      request: { method: 'personal_sign', params: ['0x6869', user.address] },
    })
    if ('error' in signed) throw new Error(signed.error.message)
    const signature = (signed.data as { response: { data: `0x${string}` } }).response.data
    expect(await verifyMessage({ address: user.address, message: { raw: '0x6869' }, signature })).toBe(true)
  })

  test('error: consent needs the frame’s proof, a share that rebuilds the wallet, and a policy', async () => {
    const user = await userWithWallet()
    const bearerOnly = await t.request({
      method: 'POST',
      url: '/api/v1/embedded_wallets/delegate',
      bearer: user.accessToken,
      json: {
        chain_type: 'ethereum',
        entropy_id: user.address,
        wallet_indexes: [0],
        encrypted_share: await user.encrypt(),
      },
    })
    expect(bearerOnly.statusCode).toBeGreaterThanOrEqual(400)
    expect(bearerOnly.statusCode).toBeLessThan(500)
    const wrong = Buffer.from(user.share, 'base64')
    wrong[0] = (wrong[0]! + 1) % 256
    await expect(user.delegate({ share: wrong.toString('base64') })).rejects.toMatchObject({
      code: 'invalid_data',
    })
    await expect(user.delegate({ wallet_indexes: [3] })).rejects.toMatchObject({ code: 'not_found' })
    await setDelegatedActions({ policy: null })
    try {
      await expect(user.delegate()).rejects.toMatchObject({ code: 'not_supported' })
    } finally {
      await setDelegatedActions({})
    }
    expect((await user.me()).linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: user.address, delegated: false }),
    )
  })
  test('behavior: every delegated request is in its user’s activity — a refusal with its reason, a send with its chain, recipient, value and hash', async () => {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    await fund(user.address)
    const activity = async (query = '') => {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/embedded_wallets/delegations/activity${query}`,
        bearer: user.accessToken,
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      return response.json()
    }
    expect(await activity()).toEqual({ data: [], next_cursor: null })

    const sent = await rpc(walletId, send(parseEther('0.006')))
    expect(sent.statusCode).toBe(200)
    t.advance(1_000)
    expect((await rpc(walletId, send(parseEther('0.001'), OTHER))).statusCode).toBe(403)
    t.advance(1_000)
    expect((await rpc(walletId, send(parseEther('0.006')))).statusCode).toBe(403)
    t.advance(1_000)
    expect(
      (await rpc(walletId, { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } }))
        .statusCode,
    ).toBe(200)

    const base = { id: expect.any(String), wallet_id: walletId, wallet_address: user.address }
    const at = (secondsAgo: number) => Math.floor(t.now() / 1000) - secondsAgo
    const { data, next_cursor } = await activity()
    expect(next_cursor).toBeNull()
    expect(data).toEqual([
      {
        ...base,
        method: 'personal_sign',
        caip2: null,
        to: null,
        value_wei: null,
        decision: 'ALLOW',
        rule: 'Sign messages',
        reason: null,
        outcome: 'succeeded',
        transaction_hash: null,
        created_at: at(0),
      },
      {
        ...base,
        method: 'eth_sendTransaction',
        caip2: 'eip155:31337',
        to: RECIPIENT,
        value_wei: parseEther('0.006').toString(),
        decision: 'DENY',
        rule: 'Send at most 0.01 ETH to the treasury',
        reason: "The wallet's daily limit of 10000000000000000 wei for the app would be exceeded.",
        outcome: 'refused',
        transaction_hash: null,
        created_at: at(1),
      },
      {
        ...base,
        method: 'eth_sendTransaction',
        caip2: 'eip155:31337',
        to: OTHER,
        value_wei: parseEther('0.001').toString(),
        decision: 'DENY',
        rule: null,
        reason: "No rule of the policy 'Small sends to one address' allows this request.",
        outcome: 'refused',
        transaction_hash: null,
        created_at: at(2),
      },
      {
        ...base,
        method: 'eth_sendTransaction',
        caip2: 'eip155:31337',
        to: RECIPIENT,
        value_wei: parseEther('0.006').toString(),
        decision: 'ALLOW',
        rule: 'Send at most 0.01 ETH to the treasury',
        reason: null,
        outcome: 'succeeded',
        transaction_hash: sent.json().data.hash,
        created_at: at(3),
      },
    ])

    // Pages of two: the cursor continues where the first page ended, and the last page has none.
    const first = await activity('?limit=2')
    expect(first.data).toEqual(data.slice(0, 2))
    const second = await activity(`?limit=2&cursor=${first.next_cursor}`)
    expect(second).toEqual({ data: data.slice(2), next_cursor: null })

    for (const query of ['?limit=0', '?limit=101', '?cursor=nope']) {
      const bad = await t.request({
        method: 'GET',
        url: `/api/v1/embedded_wallets/delegations/activity${query}`,
        bearer: user.accessToken,
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: a user never reads another user’s activity, and a request without a session is refused', async () => {
    const owner = await userWithWallet()
    const walletId = (await owner.delegate()).delegated_wallets[0]!.id
    expect(
      (await rpc(walletId, { method: 'personal_sign', params: { message: 'mine', encoding: 'utf-8' } }))
        .statusCode,
    ).toBe(200)
    const stranger = await userWithWallet()
    await stranger.delegate()
    const read = (bearer?: string) =>
      t.request({
        method: 'GET',
        url: '/api/v1/embedded_wallets/delegations/activity',
        ...(bearer ? { bearer } : {}),
      })
    expect((await read(stranger.accessToken)).json()).toEqual({ data: [], next_cursor: null })
    expect((await read(owner.accessToken)).json().data).toHaveLength(1)
    expect((await read()).statusCode).toBe(401)
  })
})
