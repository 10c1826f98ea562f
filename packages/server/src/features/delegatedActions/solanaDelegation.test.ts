import { createWalletApiClient } from '@foyer/node'
import { walletPolicySchema } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { appKey, PUBLIC_URL, SOLANA_CAIP2, useDelegatedActions } from '../../test/delegatedActionsHarness'
import { injectFetch } from '../../test/injectFetch'

// Solana delegation on the litesvm JSON-RPC: consent for a Solana embedded wallet through the real frame,
// the wallet API signs a message, signs a transaction and sends one; the Solana policy (programs, recipient,
// lamports per transfer) and the daily lamports limit refuse the others.
const { t, solana, setDelegatedActions, userWithWallet, rpc } = useDelegatedActions({ solana: true })

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const TREASURY = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const PER_TRANSFER = 10_000_000n // 0.01 SOL
const DAILY = 15_000_000n

const transferRule = (method: 'signAndSendTransaction' | 'signTransaction') => ({
  name: `${method}: at most 0.01 SOL to the treasury`,
  method,
  action: 'ALLOW',
  conditions: [
    {
      field_source: 'solana_program_instruction',
      field: 'programId',
      operator: 'in',
      value: [SYSTEM_PROGRAM],
    },
    {
      field_source: 'solana_system_program_instruction',
      field: 'Transfer.to',
      operator: 'eq',
      value: TREASURY,
    },
    {
      field_source: 'solana_system_program_instruction',
      field: 'Transfer.lamports',
      operator: 'lte',
      value: String(PER_TRANSFER),
    },
  ],
})
const solanaPolicy = walletPolicySchema.parse({
  version: '1.0',
  name: 'Small SOL transfers to the treasury',
  chain_type: 'solana',
  rules: [
    transferRule('signAndSendTransaction'),
    transferRule('signTransaction'),
    { name: 'Sign messages', method: 'signMessage', action: 'ALLOW', conditions: [] },
  ],
})

/** A System transfer of `amount` lamports from `from` to `to` (and a memo when asked), base64 wire format. */
async function transfer(from: string, to: string, amount: bigint, options: { memo?: boolean } = {}) {
  const { value } = await rpcCall<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
    'getLatestBlockhash',
  )
  const data = new Uint8Array(12)
  new DataView(data.buffer).setUint32(0, 2, true)
  new DataView(data.buffer).setBigUint64(4, amount, true)
  const instructions = [
    {
      programAddress: address(SYSTEM_PROGRAM),
      accounts: [
        { address: address(from), role: AccountRole.WRITABLE_SIGNER },
        { address: address(to), role: AccountRole.WRITABLE },
      ],
      data,
    },
    ...(options.memo
      ? [{ programAddress: address(MEMO_PROGRAM), data: new TextEncoder().encode('hi') }]
      : []),
  ]
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: value.blockhash as never, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message)) as string
}

async function rpcCall<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(solana.rpc.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T }
  return body.result
}
const balance = async (account: string) =>
  BigInt((await rpcCall<{ value: number | string }>('getBalance', [account])).value)

/** A user with a Solana embedded wallet delegated to the app, funded with 1 SOL. */
async function delegatedSolanaUser() {
  const user = await userWithWallet('solana')
  const { delegated_wallets } = await user.delegate()
  expect(delegated_wallets).toEqual([
    { id: expect.any(String), address: user.address, chain_type: 'solana', wallet_index: 0 },
  ])
  await rpcCall('requestAirdrop', [user.address, 1_000_000_000])
  return { ...user, walletId: delegated_wallets[0]!.id }
}

describe('Solana delegation', () => {
  test('default: the back end signs a message and a transaction, and sends a transfer on the cluster', async () => {
    await setDelegatedActions({ solana_policy: solanaPolicy, daily_lamports_limit: String(DAILY) })
    const user = await delegatedSolanaUser()
    expect((await user.me()).linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        chain_type: 'solana',
        address: user.address,
        delegated: true,
      }),
    )
    const publicKey = new Uint8Array(getBase58Encoder().encode(user.address))

    // The host's back end, with @foyer/node's wallet API client.
    const wallets = createWalletApiClient({
      apiUrl: PUBLIC_URL,
      appId: t.demoApp.id,
      authorizationKey: `wallet-auth:${appKey.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
      fetch: injectFetch(t.app, 'https://host.example'),
    })
    const message = Buffer.from('hello from the back end')
    const signed = await wallets.rpc(user.walletId, {
      method: 'signMessage',
      params: { message: message.toString('base64'), encoding: 'base64' },
    })
    expect(signed).toMatchObject({ method: 'signMessage', data: { encoding: 'base64' } })
    const signature = (signed.data as { signature: string }).signature
    expect(ed25519.verify(Buffer.from(signature, 'base64'), message, publicKey)).toBe(true)

    const unsigned = await transfer(user.address, TREASURY, 1_000_000n)
    const signedTx = await rpc(user.walletId, {
      method: 'signTransaction',
      params: { transaction: unsigned, encoding: 'base64' },
    })
    expect(signedTx.statusCode).toBe(200)
    expect(signedTx.json().data.encoding).toBe('base64')
    expect(signedTx.json().data.signed_transaction).not.toBe(unsigned)

    const before = await balance(TREASURY)
    const sent = await wallets.rpc(user.walletId, {
      method: 'signAndSendTransaction',
      caip2: SOLANA_CAIP2,
      params: { transaction: await transfer(user.address, TREASURY, 5_000_000n), encoding: 'base64' },
    })
    expect(sent).toMatchObject({
      method: 'signAndSendTransaction',
      data: { hash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/), caip2: SOLANA_CAIP2 },
    })
    const { hash } = sent.data as { hash: string }
    const status = await rpcCall<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [[hash]])
    expect(status.value[0]).toMatchObject({ err: null })
    expect(await balance(TREASURY)).toBe(before + 5_000_000n)
  })

  test('error: the Solana policy refuses another recipient, another program, a transfer over its lamports; the daily limit holds', async () => {
    await setDelegatedActions({ solana_policy: solanaPolicy, daily_lamports_limit: String(DAILY) })
    const user = await delegatedSolanaUser()
    const send = async (transaction: string) =>
      rpc(user.walletId, {
        method: 'signAndSendTransaction',
        caip2: SOLANA_CAIP2,
        params: { transaction, encoding: 'base64' },
      })
    for (const transaction of [
      await transfer(user.address, OTHER, 1_000n),
      await transfer(user.address, TREASURY, 1_000n, { memo: true }),
      await transfer(user.address, TREASURY, PER_TRANSFER + 1n),
    ]) {
      const refused = await send(transaction)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({
        code: 'policy_violation',
        error: "No rule of the policy 'Small SOL transfers to the treasury' allows this request.",
      })
    }
    const before = await balance(TREASURY)
    expect((await send(await transfer(user.address, TREASURY, PER_TRANSFER))).statusCode).toBe(200)
    // 0.01 SOL sent today: another 0.01 SOL passes the 0.015 SOL daily limit (signTransaction counts too).
    const over = await rpc(user.walletId, {
      method: 'signTransaction',
      params: { transaction: await transfer(user.address, TREASURY, PER_TRANSFER), encoding: 'base64' },
    })
    expect(over.statusCode).toBe(403)
    expect(over.json().error).toBe(
      `The wallet's daily limit of ${DAILY} lamports for the app would be exceeded.`,
    )
    expect(await balance(TREASURY)).toBe(before + PER_TRANSFER)
    // An Ethereum method on a Solana wallet, or a transaction that does not decode, is refused.
    const personal = await rpc(user.walletId, {
      method: 'personal_sign',
      params: { message: 'hi', encoding: 'utf-8' },
    })
    expect(personal.statusCode).toBe(403)
    const garbage = await rpc(user.walletId, {
      method: 'signTransaction',
      params: { transaction: Buffer.from('not a transaction').toString('base64'), encoding: 'base64' },
    })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json()).toMatchObject({ code: 'invalid_request' })
  })

  test('error: without a Solana policy a Solana wallet cannot be delegated', async () => {
    await setDelegatedActions({ solana_policy: null })
    const user = await userWithWallet('solana')
    await expect(user.delegate()).rejects.toMatchObject({ code: 'not_supported' })
  })
})
