import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { decodeSolanaTransaction, lamportsSentFrom } from './solanaTransaction'

const SYSTEM = '11111111111111111111111111111111'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const FROM = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const TO = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
const TABLE = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function transferData(lamports: bigint) {
  const data = new Uint8Array(12)
  new DataView(data.buffer).setUint32(0, 2, true)
  new DataView(data.buffer).setBigUint64(4, lamports, true)
  return data
}

function message() {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(FROM), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: SYSTEM as never, lastValidBlockHeight: 100n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: address(SYSTEM),
            accounts: [
              { address: address(FROM), role: AccountRole.WRITABLE_SIGNER },
              { address: address(TO), role: AccountRole.WRITABLE },
            ],
            data: transferData(1_500n),
          },
          { programAddress: address(MEMO), data: new TextEncoder().encode('hi') },
        ],
        m,
      ),
  )
}

describe('decodeSolanaTransaction', () => {
  test('default: program ids and System transfers (from, to, lamports) of a v0 transaction', () => {
    const decoded = decodeSolanaTransaction(getBase64EncodedWireTransaction(compileTransaction(message())))
    expect(decoded?.instructions).toEqual([
      { programId: SYSTEM, systemTransfer: { from: FROM, to: TO, lamports: 1_500n } },
      { programId: MEMO },
    ])
    expect(lamportsSentFrom(decoded!, FROM)).toBe(1_500n)
    expect(lamportsSentFrom(decoded!, TO)).toBe(0n)
  })

  test('error: bytes that are no transaction, or a transaction that loads a lookup table, give null', () => {
    expect(decodeSolanaTransaction(Buffer.from('not a transaction').toString('base64'))).toBeNull()
    const compressed = compressTransactionMessageUsingAddressLookupTables(message(), {
      [address(TABLE)]: [address(TO)],
    })
    const wire = getBase64EncodedWireTransaction(compileTransaction(compressed))
    expect(decodeSolanaTransaction(wire)).toBeNull()
  })
})
