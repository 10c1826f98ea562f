import { AccountRole, address } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { createWalletTestClient, solanaAddress } from '../../../test/createWalletTestClient'
import { encodeTestTransaction, MEMO_PROGRAM } from '../../../test/solanaTestTransactions'
import { SolanaTransactionError } from '../../wallet/errors/SolanaTransactionError'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { SendSolanaTransactionPrompt, WalletPrompt } from '../../wallet/ui/WalletPrompt'
import { sendSolanaTransaction } from './sendSolanaTransaction'

const MEMO = MEMO_PROGRAM

/** A transaction paid by the test's Solana wallet: a memo instruction (not a confirmed program). */
function memoTransaction(): Uint8Array {
  return encodeTestTransaction({
    payer: solanaAddress,
    instructions: [
      {
        programAddress: address(MEMO),
        accounts: [{ address: address(solanaAddress), role: AccountRole.READONLY_SIGNER }],
        data: new TextEncoder().encode('hi'),
      },
    ],
  })
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
