import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { createWalletTestClient, solanaAddress } from '../../../test/createWalletTestClient'
import { SolanaTransactionError } from '../../wallet/errors/SolanaTransactionError'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { SendSolanaTransactionPrompt, WalletPrompt } from '../../wallet/ui/WalletPrompt'
import { sendSolanaTransaction } from './sendSolanaTransaction'

const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** A transaction paid by the test's Solana wallet: a memo instruction (not a confirmed program). */
function memoTransaction(): Uint8Array {
  const payer = address(solanaAddress)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash,
          lastValidBlockHeight: 100n,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: address(MEMO),
            accounts: [{ address: payer, role: AccountRole.READONLY_SIGNER }],
            data: new TextEncoder().encode('hi'),
          },
        ],
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const solanaFrame = ({ event, data }: { event: string; data: Record<string, unknown> }) =>
  event === 'privy:wallets:rpc'
    ? { method: (data.request as { method: string }).method, result: { signature: 'sig58' } }
    : { chainType: 'solana', entropyId: solanaAddress, recoveryMethod: 'privy' }

describe('sendSolanaTransaction: unsupported programs', () => {
  test('error: without a screen, a Memo instruction is refused before the frame is asked', async () => {
    const { client, requests } = await createWalletTestClient({ answer: solanaFrame })
    const error = await sendSolanaTransaction(client, { transaction: memoTransaction() }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(SolanaTransactionError)
    expect(error).toMatchObject({ code: 'unsupported_solana_program', details: MEMO })
    expect(requests.filter((request) => request.event === 'privy:wallets:rpc')).toEqual([])
  })

  test('behavior: the screen gets the refusal; closing it rejects with the code, and its Approve cannot sign', async () => {
    const { client, requests } = await createWalletTestClient({ answer: solanaFrame })
    let shown: SendSolanaTransactionPrompt | undefined
    client._internal.wallet.ui = {
      prompt: async (prompt: WalletPrompt) => {
        shown = prompt as SendSolanaTransactionPrompt
        await expect(shown.execute()).rejects.toMatchObject({ code: 'unsupported_solana_program' })
        throw new UserRejectedRequestError()
      },
    } as never
    await expect(sendSolanaTransaction(client, { transaction: memoTransaction() })).rejects.toMatchObject({
      code: 'unsupported_solana_program',
    })
    expect(shown?.summary.unsupportedPrograms).toEqual([MEMO])
    expect(requests.filter((request) => request.event === 'privy:wallets:rpc')).toEqual([])
  })

  test('behavior: a program the host opted in to is signed, and the frame is told so', async () => {
    const { client, requests } = await createWalletTestClient({
      answer: solanaFrame,
      embeddedWallets: { solana: { allowedPrograms: [MEMO] } },
    })
    expect(await sendSolanaTransaction(client, { transaction: memoTransaction() })).toBe('sig58')
    expect(requests.at(-1)?.data).toMatchObject({
      request: { method: 'signAndSendTransaction', params: { allowedPrograms: [MEMO] } },
    })
  })
})
