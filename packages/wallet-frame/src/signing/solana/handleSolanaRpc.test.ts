import { ed25519 } from '@noble/curves/ed25519.js'
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { beforeAll, describe, expect, test } from 'vitest'
import { fromBase64 } from '../../encoding/fromBase64'
import { deriveSolanaKeypair, type SolanaKeypair } from '../../keys/deriveSolanaKeypair'
import { seedFromMnemonic } from '../../keys/seedFromMnemonic'
import { handleSolanaRpc } from './handleSolanaRpc'

let keypair: SolanaKeypair
let other: SolanaKeypair

beforeAll(async () => {
  keypair = deriveSolanaKeypair(await seedFromMnemonic('all all all all all all all all all all all all'), 0)
  other = deriveSolanaKeypair(await seedFromMnemonic('all all all all all all all all all all all all'), 1)
})

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** A base64 wire transaction (unsigned) paid by `payer`, of the one `instruction`. */
function wireTransaction(
  payer: string,
  instruction: Parameters<typeof appendTransactionMessageInstruction>[0],
): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(payer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' as Blockhash,
          lastValidBlockHeight: 100n,
        },
        m,
      ),
    (m) => appendTransactionMessageInstruction(instruction, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

/** A base64 wire transaction: a memo instruction (a program the wallet does not confirm) paid by `payer`. */
function memo(payer: string): string {
  return wireTransaction(payer, {
    programAddress: address(MEMO_PROGRAM),
    accounts: [{ address: address(payer), role: AccountRole.READONLY_SIGNER }],
    data: new TextEncoder().encode('hello'),
  })
}

/** A base64 wire transaction: a system transfer of 1000 lamports paid by `payer` (unsigned). */
function transfer(payer: string): string {
  return wireTransaction(payer, {
    programAddress: address('11111111111111111111111111111111'),
    accounts: [
      { address: address(payer), role: AccountRole.WRITABLE_SIGNER },
      { address: address(other.address), role: AccountRole.WRITABLE },
    ],
    data: new Uint8Array([2, 0, 0, 0, 0xe8, 0x03, 0, 0, 0, 0, 0, 0]),
  })
}

function fakeRpc(answer: unknown): { fetch: typeof fetch; bodies: unknown[] } {
  const bodies: unknown[] = []
  return {
    bodies,
    fetch: (async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)))
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  }
}

describe('handleSolanaRpc', () => {
  test('default: signMessage returns an ed25519 signature over the message', async () => {
    const message = Buffer.from('hello solana')
    const result = (await handleSolanaRpc({
      keypair,
      method: 'signMessage',
      params: { message: message.toString('base64') },
    })) as { signature: string }
    expect(ed25519.verify(fromBase64(result.signature), message, keypair.publicKey)).toBe(true)
  })

  test('default: signTransaction adds this wallet’s signature over the message bytes', async () => {
    const result = (await handleSolanaRpc({
      keypair,
      method: 'signTransaction',
      params: { transaction: transfer(keypair.address) },
    })) as { signedTransaction: string }
    const decoded = getTransactionDecoder().decode(fromBase64(result.signedTransaction))
    const signature = decoded.signatures[address(keypair.address)]
    expect(signature).toBeTruthy()
    expect(
      ed25519.verify(
        signature as Uint8Array,
        decoded.messageBytes as unknown as Uint8Array,
        keypair.publicKey,
      ),
    ).toBe(true)
  })

  test('behavior: signAndSendTransaction submits base64 to the RPC URL', async () => {
    const rpc = fakeRpc({ jsonrpc: '2.0', id: 1, result: '5sig' })
    const result = (await handleSolanaRpc({
      keypair,
      method: 'signAndSendTransaction',
      params: { transaction: transfer(keypair.address) },
      rpcUrl: 'http://127.0.0.1:8899',
      fetch: rpc.fetch,
    })) as { signature: string; signedTransaction: string }
    expect(result.signature).toBe('5sig')
    expect(rpc.bodies).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [result.signedTransaction, { encoding: 'base64' }],
      },
    ])
  })

  test('error: insufficient lamports → insufficient_funds with the documented text', async () => {
    const rpc = fakeRpc({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32002,
        message: 'Transaction simulation failed',
        data: { logs: ['Transfer: insufficient lamports 0, need 1000'] },
      },
    })
    await expect(
      handleSolanaRpc({
        keypair,
        method: 'signAndSendTransaction',
        params: { transaction: transfer(keypair.address) },
        rpcUrl: 'http://127.0.0.1:8899',
        fetch: rpc.fetch,
      }),
    ).rejects.toMatchObject({
      type: 'insufficient_funds',
      message:
        'Solana wallet has insufficient funds for this transaction. Transfer: insufficient lamports 0, need 1000',
    })
  })

  test("error: an instruction of another program → 'Unsupported Program ID', unless opted in", async () => {
    const transaction = memo(keypair.address)
    for (const method of ['signTransaction', 'signAndSendTransaction']) {
      await expect(
        handleSolanaRpc({ keypair, method, params: { transaction }, rpcUrl: 'http://127.0.0.1:1' }),
      ).rejects.toMatchObject({
        type: 'invalid_request_arguments',
        message: `Unsupported Program ID ${MEMO_PROGRAM}`,
        code: 4200,
      })
    }
    const result = (await handleSolanaRpc({
      keypair,
      method: 'signTransaction',
      params: { transaction, allowedPrograms: [MEMO_PROGRAM] },
    })) as { signedTransaction: string }
    const signed = getTransactionDecoder().decode(fromBase64(result.signedTransaction))
    expect(Object.values(signed.signatures)[0]).toBeTruthy()
  })

  test("error: a transaction without this wallet's key, bad params, unknown method", async () => {
    await expect(
      handleSolanaRpc({
        keypair,
        method: 'signTransaction',
        params: { transaction: transfer(other.address) },
      }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: `Transaction does not contain public key ${keypair.address}`,
    })
    await expect(handleSolanaRpc({ keypair, method: 'signMessage', params: ['aGk='] })).rejects.toMatchObject(
      {
        type: 'invalid_request_arguments',
      },
    )
    await expect(
      handleSolanaRpc({ keypair, method: 'signMessage', params: { message: 'not base64!' } }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' })
    await expect(
      handleSolanaRpc({ keypair, method: 'signAllTransactions', params: {} }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })
})
