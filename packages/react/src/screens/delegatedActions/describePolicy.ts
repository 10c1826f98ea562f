import { formatUnits } from '@foyer/core/wallet'
import type { PolicyCondition, WalletPolicy } from '@foyer/protocol'
import type { Formatters } from '../../i18n/createFormatters'
import { formatMessage } from '../../i18n/formatMessage'
import type { Messages } from '../../i18n/Messages'

/** One rule of a wallet policy in words: its name, what it allows or refuses, and each of its conditions. */
export type PolicyRuleWords = { name: string; action: 'ALLOW' | 'DENY'; text: string; conditions: string[] }

/** A wallet policy and daily limit in words, for the consent screen (docs/delegated-actions.md#consent-screen). */
export type PolicyWords = { rules: PolicyRuleWords[]; dailyLimit: string | null }

const WEI_FIELDS = new Set(['value'])
const NATIVE_DECIMALS = { ethereum: 18, solana: 9 } as const
const NATIVE_SYMBOL = { ethereum: 'ETH', solana: 'SOL' } as const

/**
 * A wallet policy (docs/wallet-policies.md) and daily limit (wei, decimal) in the user's words: per rule,
 * 'Allowed: send transactions' or 'Refused: …' and its conditions ('Recipient is 0x70…', 'Amount at most
 * 0.01 ETH', 'Date before Nov 14, 2023'); refusing rules first, as they win. Amounts are in the chain's
 * native currency (ETH: 18 decimals; lamports as SOL: 9), times in the locale's date and time.
 *
 * @example describePolicy(policy, '10000000000000000', messages, format).dailyLimit // 'At most 0.01 ETH a day'
 */
export function describePolicy(
  policy: WalletPolicy,
  dailyValueLimitWei: string | null,
  messages: Messages,
  format: Formatters,
): PolicyWords {
  const m = messages.delegatedActions
  const amount = (value: string) =>
    `${format.decimal(formatUnits(BigInt(value), NATIVE_DECIMALS[policy.chain_type]))} ${NATIVE_SYMBOL[policy.chain_type]}`
  const rules = [...policy.rules]
    .sort((a, b) => (a.action === b.action ? 0 : a.action === 'DENY' ? -1 : 1))
    .map((rule) => ({
      name: rule.name,
      action: rule.action,
      text: formatMessage(rule.action === 'ALLOW' ? m.ruleAllow : m.ruleDeny, {
        what: methodWords(rule.method, m),
      }),
      conditions: rule.conditions.map((condition) => conditionWords(condition, m, amount, format)),
    }))
  return {
    rules,
    dailyLimit:
      dailyValueLimitWei === null
        ? null
        : formatMessage(m.dailyLimit, { amount: amount(dailyValueLimitWei) }),
  }
}

type DelegatedMessages = Messages['delegatedActions']

function methodWords(method: WalletPolicy['rules'][number]['method'], m: DelegatedMessages): string {
  switch (method) {
    case 'eth_sendTransaction':
      return m.methodSendTransaction
    case 'eth_signTransaction':
      return m.methodSignTransaction
    case 'personal_sign':
      return m.methodSignMessage
    case 'eth_signTypedData_v4':
      return m.methodSignTypedData
    case '*':
      return m.methodAny
    default:
      return m.methodSolana
  }
}

function conditionWords(
  condition: PolicyCondition,
  m: DelegatedMessages,
  amount: (value: string) => string,
  format: Formatters,
): string {
  const field = condition.field
  // A time: 'Until …' for an expiry, 'From …' otherwise (a list shows its times).
  if (condition.field_source === 'system') {
    const dates = [condition.value].flat().map((value) => format.dateTime(Number(value)))
    const date = dates.join(', ')
    return formatMessage(condition.operator === 'lt' || condition.operator === 'lte' ? m.until : m.from, {
      date,
    })
  }
  const valueText = (value: string) => {
    if (WEI_FIELDS.has(field) || field === 'Transfer.lamports')
      return /^\d+$/.test(value) ? amount(value) : value
    return value
  }
  const value = Array.isArray(condition.value)
    ? condition.value.map((entry) => valueText(String(entry))).join(', ')
    : valueText(String(condition.value))
  return formatMessage(m.condition, {
    field: fieldWords(condition, m),
    operator: operatorWords(condition.operator, m),
    value,
  })
}

function operatorWords(operator: PolicyCondition['operator'], m: DelegatedMessages): string {
  const words = {
    eq: m.operatorEq,
    gt: m.operatorGt,
    gte: m.operatorGte,
    lt: m.operatorLt,
    lte: m.operatorLte,
    in: m.operatorIn,
  } as const
  return words[operator]
}

function fieldWords(condition: PolicyCondition, m: DelegatedMessages): string {
  switch (condition.field) {
    case 'to':
    case 'Transfer.to':
      return m.fieldRecipient
    case 'Transfer.from':
      return m.fieldSender
    case 'value':
    case 'Transfer.lamports':
      return m.fieldAmount
    case 'chain_id':
    case 'chainId':
      return m.fieldChain
    case 'verifyingContract':
    case 'programId':
      return m.fieldContract
    default:
      return condition.field
  }
}
