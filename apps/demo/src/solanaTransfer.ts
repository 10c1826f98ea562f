import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
/** The SPL Memo program: a program the embedded wallet does not confirm (docs/solana-transactions.md). */
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

/** A JSON-RPC call to the local Solana RPC. */
export async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

/**
 * An unsigned wire transaction moving `lamports` from `from` to `to` with the system program's transfer
 * instruction (index 2, then the amount as u64 little-endian), fee paid by `from`; with `memo`, followed by
 * an SPL Memo instruction carrying that text.
 */
export async function buildSolanaTransfer(parameters: {
  rpcUrl: string
  from: string
  to: string
  lamports: bigint
  memo?: string
}): Promise<Uint8Array> {
  const { value } = await solanaRpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
    parameters.rpcUrl,
    'getLatestBlockhash',
  )
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, parameters.lamports, true)
  const from: Address = address(parameters.from)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: SYSTEM_PROGRAM,
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: address(parameters.to), role: AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
    (m) =>
      parameters.memo === undefined
        ? m
        : appendTransactionMessageInstruction(
            {
              programAddress: MEMO_PROGRAM,
              accounts: [{ address: from, role: AccountRole.READONLY_SIGNER }],
              data: new TextEncoder().encode(parameters.memo),
            },
            m,
          ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
