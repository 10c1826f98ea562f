import { type PolicyMethod, policyMethods, policyOperators } from '@foyer/protocol'
import { useState } from 'react'
import { type FieldPath, FieldShell, ListField, SelectField, TextField, useDraft } from './draft'

type ChainType = 'ethereum' | 'solana'
type Condition = { field_source: string; field: string; operator: string; value: unknown; abi?: unknown }
type Rule = { name: string; method: string; action: string; conditions: Condition[] }

const ETHEREUM_METHODS = new Set<PolicyMethod>([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signTypedData_v4',
  'personal_sign',
])

/** The sources a condition of a `chainType` policy reads, each with its fields (`null`: a typed name). */
const SOURCES: Record<ChainType, Record<string, readonly string[] | null>> = {
  ethereum: {
    ethereum_transaction: ['to', 'value', 'chain_id'],
    ethereum_calldata: null,
    ethereum_typed_data_domain: ['chainId', 'verifyingContract'],
    system: ['current_unix_timestamp'],
  },
  solana: {
    solana_program_instruction: ['programId'],
    solana_system_program_instruction: ['Transfer.from', 'Transfer.to', 'Transfer.lamports'],
    system: ['current_unix_timestamp'],
  },
}

const SOURCE_LABELS: Record<string, string> = {
  ethereum_transaction: 'Transaction',
  ethereum_calldata: 'Called function (ABI)',
  ethereum_typed_data_domain: 'Typed data domain',
  solana_program_instruction: 'Program instruction',
  solana_system_program_instruction: 'System Program transfer',
  system: 'Time of the request',
}

const OPERATOR_LABELS: Record<string, string> = {
  eq: 'equals',
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  in: 'one of',
}

/** A new condition reading `source`: its first field, `eq`, an empty value (and an empty ABI for calldata). */
function newCondition(chainType: ChainType, source: string): Condition {
  const fields = SOURCES[chainType][source]
  return {
    field_source: source,
    field: fields?.[0] ?? '',
    operator: 'eq',
    value: '',
    ...(fields === null ? { abi: [] } : {}),
  }
}

/** A calldata condition's ABI as JSON text; the draft holds the parsed array, or the text while it does not parse. */
function AbiField({ path, label }: { path: FieldPath; label: string }) {
  const draft = useDraft()
  const stored = draft.get(path)
  const [text, setText] = useState(() => (typeof stored === 'string' ? stored : JSON.stringify(stored ?? [])))
  return (
    <FieldShell path={path} label={label} hint="JSON: the function fragments the calldata is decoded with.">
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={3}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setText(event.target.value)
            try {
              draft.set(path, JSON.parse(event.target.value))
            } catch {
              // Sent as typed: the server refuses it beside this field.
              draft.set(path, event.target.value)
            }
          }}
        />
      )}
    </FieldShell>
  )
}

/** One condition: what it reads, how it compares and with what; 'in' takes one value per line. */
function ConditionFields(props: { path: FieldPath; chainType: ChainType; label: string; onRemove(): void }) {
  const { path, chainType, label, onRemove } = props
  const draft = useDraft()
  const condition = draft.get(path) as Condition
  const fields = SOURCES[chainType][condition.field_source]
  const at = (key: string) => [...path, key]
  return (
    <fieldset>
      <legend>{label}</legend>
      <SelectField
        path={at('field_source')}
        label={`${label} reads`}
        options={Object.keys(SOURCES[chainType]).map(
          (source) => [source, SOURCE_LABELS[source] ?? source] as const,
        )}
        onSelect={(source) => draft.set(path, newCondition(chainType, source))}
      />
      {fields === null ? (
        <>
          <TextField
            path={at('field')}
            label={`${label} argument`}
            hint="<function>.<argument>, e.g. transfer.to."
            nullable={false}
          />
          <AbiField path={at('abi')} label={`${label} ABI`} />
        </>
      ) : (
        <SelectField
          path={at('field')}
          label={`${label} field`}
          options={(fields ?? []).map((field) => [field, field] as const)}
        />
      )}
      <SelectField
        path={at('operator')}
        label={`${label} comparison`}
        options={policyOperators.map(
          (operator) => [operator, OPERATOR_LABELS[operator] ?? operator] as const,
        )}
        onSelect={(operator) => {
          const values = Array.isArray(condition.value) ? condition.value : [condition.value ?? '']
          // 'in' compares with a list; the others with the list's first value.
          draft.set(path, { ...condition, operator, value: operator === 'in' ? values : (values[0] ?? '') })
        }}
      />
      {condition.operator === 'in' ? (
        <ListField path={at('value')} label={`${label} values`} hint="One per line." />
      ) : (
        <TextField
          path={at('value')}
          label={`${label} value`}
          hint="Amounts in wei (lamports on Solana), times in Unix seconds."
          nullable={false}
        />
      )}
      <button type="button" onClick={onRemove}>
        Remove {label.toLowerCase()}
      </button>
    </fieldset>
  )
}

/** One rule: its name, the method it covers, allow or deny, and the conditions that must all hold. */
function RuleFields(props: { path: FieldPath; chainType: ChainType; label: string; onRemove(): void }) {
  const { path, chainType, label, onRemove } = props
  const draft = useDraft()
  const rule = draft.get(path) as Rule
  const conditionsPath = [...path, 'conditions']
  const methods = policyMethods.filter(
    (method) => method === '*' || ETHEREUM_METHODS.has(method) === (chainType === 'ethereum'),
  )
  const firstSource = Object.keys(SOURCES[chainType])[0] ?? 'system'
  return (
    <fieldset>
      <legend>{label}</legend>
      <TextField path={[...path, 'name']} label={`${label} name`} nullable={false} />
      <SelectField
        path={[...path, 'method']}
        label={`${label} method`}
        options={methods.map((method) => [method, method === '*' ? 'Every method' : method] as const)}
      />
      <SelectField
        path={[...path, 'action']}
        label={`${label} action`}
        options={[
          ['ALLOW', 'Allow'],
          ['DENY', 'Deny'],
        ]}
      />
      {rule.conditions.length === 0 ? (
        <p className="console-muted">No condition: the rule covers every request of its method.</p>
      ) : null}
      {rule.conditions.map((_, index) => (
        <ConditionFields
          // biome-ignore lint/suspicious/noArrayIndexKey: a condition is its position in the rule
          key={index}
          path={[...conditionsPath, index]}
          chainType={chainType}
          label={`${label} condition ${index + 1}`}
          onRemove={() =>
            draft.set(
              conditionsPath,
              rule.conditions.filter((_, other) => other !== index),
            )
          }
        />
      ))}
      <button
        type="button"
        onClick={() => draft.set(conditionsPath, [...rule.conditions, newCondition(chainType, firstSource)])}
      >
        Add a condition to {label.toLowerCase()}
      </button>{' '}
      <button type="button" onClick={onRemove}>
        Remove {label.toLowerCase()}
      </button>
    </fieldset>
  )
}

/**
 * A delegation policy (docs/wallet-policies.md) as a form: its name and its rules, each a method, allow or
 * deny, and conditions on the request, added and removed with buttons. A request no rule allows is denied,
 * and a deny beats an allow. No policy turns delegation off for that chain; the server checks every value
 * (addresses, whole numbers) and its message shows beside the field.
 */
export function DelegatedPolicyField({ path, chainType }: { path: FieldPath; chainType: ChainType }) {
  const draft = useDraft()
  const policy = draft.get(path) as { rules: Rule[] } | null | undefined
  const chain = chainType === 'ethereum' ? 'Ethereum' : 'Solana'
  const a = chainType === 'ethereum' ? 'an' : 'a'
  const rulesPath = [...path, 'rules']
  const prefix = chainType === 'ethereum' ? 'Rule' : 'Solana rule'
  return (
    <fieldset>
      <legend>{chain} policy</legend>
      {policy ? (
        <>
          <TextField path={[...path, 'name']} label={`${chain} policy name`} nullable={false} />
          {policy.rules.length === 0 ? (
            <p className="console-muted">No rule yet: every request is denied.</p>
          ) : null}
          {policy.rules.map((_, index) => (
            <RuleFields
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position in the policy
              key={index}
              path={[...rulesPath, index]}
              chainType={chainType}
              label={`${prefix} ${index + 1}`}
              onRemove={() =>
                draft.set(
                  rulesPath,
                  policy.rules.filter((_, other) => other !== index),
                )
              }
            />
          ))}
          <button
            type="button"
            onClick={() =>
              draft.set(rulesPath, [
                ...policy.rules,
                {
                  name: `${prefix} ${policy.rules.length + 1}`,
                  method: chainType === 'ethereum' ? 'eth_sendTransaction' : 'signAndSendTransaction',
                  action: 'ALLOW',
                  conditions: [],
                },
              ])
            }
          >
            Add {a} {chain} rule
          </button>{' '}
          <button type="button" onClick={() => draft.set(path, null)}>
            Remove the {chain} policy
          </button>
        </>
      ) : (
        <>
          <p className="console-muted">
            No {chain} policy: delegation is off for {chain} wallets.
          </p>
          <button
            type="button"
            onClick={() =>
              draft.set(path, {
                version: '1.0',
                name: `${chain} delegation`,
                chain_type: chainType,
                rules: [],
              })
            }
          >
            Add {a} {chain} policy
          </button>
        </>
      )}
    </fieldset>
  )
}
