import type { WalletPolicy } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../../i18n/allEnglish'
import { createFormatters } from '../../i18n/createFormatters'
import { de } from '../../i18n/locales/de'
import type { Messages } from '../../i18n/Messages'
import { describePolicy } from './describePolicy'

const solana: WalletPolicy = {
  version: '1.0',
  name: 'Game items',
  chain_type: 'solana',
  rules: [
    {
      name: 'Pay the shop',
      method: 'signAndSendTransaction',
      action: 'ALLOW',
      conditions: [
        {
          field_source: 'solana_system_program_instruction',
          field: 'Transfer.to',
          operator: 'in',
          value: ['ShopA', 'ShopB'],
        },
        {
          field_source: 'solana_system_program_instruction',
          field: 'Transfer.lamports',
          operator: 'lt',
          value: '1500000000',
        },
      ],
    },
    { name: 'Anything else', method: '*', action: 'DENY', conditions: [] },
  ],
}

describe('describePolicy', () => {
  test('default: refusing rules first, lists joined, lamports in SOL, no daily limit', () => {
    expect(describePolicy(solana, null, en as Messages, createFormatters('en'))).toEqual({
      rules: [
        { name: 'Anything else', action: 'DENY', text: 'Refused: any request', conditions: [] },
        {
          name: 'Pay the shop',
          action: 'ALLOW',
          text: 'Allowed: sign Solana requests',
          conditions: ['Recipient one of ShopA, ShopB', 'Amount below 1.5 SOL'],
        },
      ],
      dailyLimit: null,
    })
  })

  test("behavior: in the modal's locale, amounts with its decimal sign", () => {
    const messages = { ...en, delegatedActions: de.delegatedActions } as Messages
    const words = describePolicy(solana, '2500000000', messages, createFormatters('de'))
    expect(words.rules[1]?.conditions[1]).toBe('Betrag unter 1,5 SOL')
    expect(words.dailyLimit).toBe('Höchstens 2,5 SOL pro Tag')
  })
})
