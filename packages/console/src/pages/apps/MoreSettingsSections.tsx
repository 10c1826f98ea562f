import { customJwtAlgorithmSchema } from '@foyer/protocol'
import { DelegatedPolicyField } from './DelegatedPolicyField'
import {
  CheckboxField,
  ChoiceListField,
  type FieldPath,
  FieldShell,
  ListField,
  TextField,
  useDraft,
} from './draft'

const s = (...path: (string | number)[]) => ['settings', ...path]

/**
 * Sign-in with the app's own JWT (docs/app-config.md "App server configuration"): the exact issuer and audience, the keys (a JWKS URL
 * or a PEM public key), the claim naming the user and the accepted algorithms.
 */
export function CustomJwtSection() {
  const jwt = (...path: string[]) => s('custom_jwt_auth', ...path)
  return (
    <>
      <CheckboxField path={jwt('enabled')} label="Accept the app's own JWTs" />
      <TextField path={jwt('issuer')} label="JWT issuer (iss)" hint="Compared exactly." />
      <TextField path={jwt('audience')} label="JWT audience (aud)" hint="Compared exactly." />
      <TextField path={jwt('jwks_url')} label="JWKS URL" type="url" hint="The issuer's public keys." />
      <TextField
        path={jwt('public_key_pem')}
        label="Public key (PEM)"
        type="multiline"
        hint="Instead of a JWKS URL."
      />
      <TextField path={jwt('subject_claim')} label="User id claim" nullable={false} />
      <ChoiceListField
        path={jwt('algorithms')}
        legend="Accepted algorithms"
        options={customJwtAlgorithmSchema.options.map((algorithm) => [algorithm, algorithm] as const)}
      />
    </>
  )
}

const networksPath = s('smart_wallet_config', 'configured_networks')

/**
 * The smart wallets' networks (docs/smart-wallets.md): per chain (CAIP-2), its ERC-4337 bundler URL and,
 * optionally, a paymaster URL and the paymaster's policy id; added and removed with buttons.
 */
export function SmartWalletNetworksField() {
  const draft = useDraft()
  const networks = (draft.get(networksPath) as unknown[] | undefined) ?? []
  const add = () =>
    draft.set(networksPath, [
      ...networks,
      { chain_id: '', bundler_url: '', paymaster_url: null, paymaster_context: null },
    ])
  const remove = (index: number) =>
    draft.set(
      networksPath,
      networks.filter((_, other) => other !== index),
    )
  return (
    <fieldset>
      <legend>Smart wallet networks</legend>
      {networks.length === 0 ? <p className="console-muted">No network yet.</p> : null}
      {networks.map((_, index) => {
        const n = index + 1
        const at = (...path: string[]) => [...networksPath, index, ...path]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a network is its position in the list
          <fieldset key={index}>
            <legend>Network {n}</legend>
            <TextField
              path={at('chain_id')}
              label={`Network ${n} chain`}
              hint="CAIP-2, e.g. eip155:8453."
              nullable={false}
            />
            <TextField
              path={at('bundler_url')}
              label={`Network ${n} bundler URL`}
              type="url"
              nullable={false}
            />
            <TextField path={at('paymaster_url')} label={`Network ${n} paymaster URL`} type="url" />
            <PolicyIdField path={at('paymaster_context')} label={`Network ${n} paymaster policy id`} />
            <button type="button" onClick={() => remove(index)}>
              Remove network {n}
            </button>
          </fieldset>
        )
      })}
      <button type="button" onClick={add}>
        Add a network
      </button>
    </fieldset>
  )
}

/** `paymaster_context`: `{ policy_id }`, or null when empty. */
function PolicyIdField({ path, label }: { path: FieldPath; label: string }) {
  const draft = useDraft()
  const context = draft.get(path) as { policy_id?: unknown } | null | undefined
  return (
    <FieldShell path={path} label={label} hint="Optional.">
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          value={typeof context?.policy_id === 'string' ? context.policy_id : ''}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) =>
            draft.set(path, event.target.value === '' ? null : { policy_id: event.target.value })
          }
        />
      )}
    </FieldShell>
  )
}

/**
 * What the app's server may do with delegated wallets (docs/delegated-actions.md): the P-256 keys whose
 * authorization signatures the wallet API accepts, the most value it may send from one wallet per UTC day
 * (wei; lamports for Solana), and the policies a delegation is held to, one per chain (no policy: delegation
 * is off for that chain).
 */
export function DelegatedActionsSection() {
  const delegated = (...path: string[]) => s('delegated_actions', ...path)
  return (
    <>
      <ListField
        path={delegated('authorization_public_keys')}
        label="Authorization public keys"
        hint="P-256, base64 SPKI DER, one per line."
      />
      <TextField
        path={delegated('daily_value_limit_wei')}
        label="Daily limit per wallet (wei)"
        hint="Empty: no limit."
      />
      <TextField
        path={delegated('daily_lamports_limit')}
        label="Daily limit per Solana wallet (lamports)"
        hint="Empty: no limit."
      />
      <DelegatedPolicyField path={delegated('policy')} chainType="ethereum" />
      <DelegatedPolicyField path={delegated('solana_policy')} chainType="solana" />
    </>
  )
}
