import { describe, expect, test } from 'vitest'
import { buildSolanaTransaction } from './buildSolanaTransaction'
import { buildSolTransfer } from './buildSolTransfer'

const payer = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
const to = '11111111111111111111111111111112'
const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
const system = '11111111111111111111111111111111'

describe('buildSolanaTransaction', () => {
  test('default: a system transfer instruction compiles as the SOL transfer does', () => {
    const data = '02000000' + '00e1f50500000000' // transfer 100,000,000 lamports
    const built = buildSolanaTransaction({
      payer,
      blockhash,
      instructions: [
        {
          keys: [
            { pubkey: payer, isSigner: true, isWritable: true },
            { pubkey: to, isSigner: false, isWritable: true },
          ],
          programId: system,
          data,
        },
      ],
    })
    expect(built).toEqual(buildSolTransfer({ from: payer, to, lamports: 100_000_000n, blockhash }))
  })

  test('error: an instruction that needs another signer', () => {
    expect(() =>
      buildSolanaTransaction({
        payer,
        blockhash,
        instructions: [
          { keys: [{ pubkey: to, isSigner: true, isWritable: true }], programId: system, data: '' },
        ],
      }),
    ).toThrow('The instructions need a signer other than the paying wallet.')
  })
})
