import { oauthProviders } from '@foyer/protocol'
import { useContext } from 'react'
import {
  CheckboxField,
  ChoiceListField,
  DraftContext,
  ListField,
  NumberField,
  SecretField,
  SelectField,
  TextField,
} from './draft'
import { loginMethodLabels } from './LoginMethodsSection'
import { SmartWalletNetworksField } from './MoreSettingsSections'

const s = (...path: (string | number)[]) => ['settings', ...path]

/** Logo and accent colour (the modal's header and theme are the page's `appearance`; the preview shows them). */
export function AppearanceSection() {
  return (
    <>
      <TextField path={s('logo_url')} label="Logo URL" type="url" hint="Shown at the top of the modal." />
      <TextField path={s('accent_color')} label="Accent colour" hint="A CSS hex colour, e.g. #4338ca." />
    </>
  )
}

/** Who may sign up: the allow-list, the user limit and the refusal screen's texts. */
export function AccessSection() {
  return (
    <>
      <CheckboxField path={s('access_control', 'allowlist_enabled')} label="Only listed users may sign up" />
      <ListField
        path={s('access_control', 'allowlist')}
        label="Allow-list"
        hint="One email address, phone number or wallet address per line."
      />
      <NumberField path={s('access_control', 'max_users')} label="User limit" hint="Empty: no limit." />
      <TextField path={s('allowlist_config', 'error_title')} label="Refusal title" />
      <TextField path={s('allowlist_config', 'error_detail')} label="Refusal detail" />
      <TextField path={s('allowlist_config', 'cta_text')} label="Refusal button text" />
      <TextField path={s('allowlist_config', 'cta_link')} label="Refusal button link" type="url" />
      <CheckboxField path={s('disable_plus_emails')} label="Refuse email addresses with a '+'" />
    </>
  )
}

/** Turnstile captcha. */
export function CaptchaSection() {
  return (
    <>
      <CheckboxField path={s('captcha_enabled')} label="Ask for a captcha before sign-in" />
      <TextField path={s('captcha_site_key')} label="Turnstile site key" hint="With the t: prefix." />
      <SecretField path={s('captcha_secret_key')} label="Turnstile secret key" />
    </>
  )
}

/** Terms and privacy. */
export function LegalSection() {
  return (
    <>
      <TextField path={s('terms_and_conditions_url')} label="Terms URL" type="url" />
      <TextField path={s('privacy_policy_url')} label="Privacy policy URL" type="url" />
      <CheckboxField path={s('require_users_accept_terms')} label="Users must accept the terms" />
    </>
  )
}

/** Second factors users may enrol. */
export function MfaSection() {
  return (
    <ChoiceListField
      path={s('mfa_methods')}
      legend="MFA methods"
      options={[
        ['totp', 'Authenticator app codes'],
        ['sms', 'Codes by SMS'],
        ['passkey', 'Passkey verification'],
      ]}
    />
  )
}

const createOnLogin = [
  ['off', 'Off'],
  ['users-without-wallets', 'Users without a wallet'],
  ['all-users', 'All users'],
] as const

/** Embedded wallets, funding, smart wallets and cross-app. */
export function WalletsSection() {
  return (
    <>
      <h3>Embedded wallet</h3>
      <SelectField
        path={s('embedded_wallet_config', 'ethereum', 'create_on_login')}
        label="Create an Ethereum wallet on login"
        options={createOnLogin}
      />
      <SelectField
        path={s('embedded_wallet_config', 'solana', 'create_on_login')}
        label="Create a Solana wallet on login"
        options={createOnLogin}
      />
      <ChoiceListField
        path={s('embedded_wallet_config', 'user_owned_recovery_options')}
        legend="Recovery methods users may choose"
        options={[
          ['user-passcode', 'Password'],
          ['google-drive', 'Google Drive'],
          ['icloud', 'iCloud'],
        ]}
      />
      <CheckboxField
        path={s('embedded_wallet_config', 'require_user_owned_recovery_on_create')}
        label="Ask for a recovery method before the wallet is made"
      />
      <h3>Funding</h3>
      <CheckboxField path={s('fiat_on_ramp_enabled')} label="Funding on" />
      <ChoiceListField
        path={s('funding_config', 'methods')}
        legend="Funding methods"
        options={[
          ['moonpay', 'MoonPay'],
          ['coinbase-onramp', 'Coinbase Onramp'],
          ['external', 'Transfer from a wallet'],
        ]}
      />
      <TextField
        path={s('funding_config', 'default_recommended_amount')}
        label="Suggested amount"
        nullable={false}
      />
      <TextField
        path={s('funding_config', 'default_recommended_currency', 'chain')}
        label="Suggested chain (CAIP-2)"
        nullable={false}
      />
      <CheckboxField
        path={s('funding_config', 'prompt_funding_on_wallet_creation')}
        label="Offer funding when a wallet is made"
      />
      <CheckboxField
        path={s('funding_config', 'cross_chain_bridging_enabled')}
        label="Bridge from other networks when a transfer needs it"
      />
      <h3>Smart wallets</h3>
      <CheckboxField path={s('smart_wallet_config', 'enabled')} label="Smart wallets on" />
      <SelectField
        path={s('smart_wallet_config', 'smart_wallet_type')}
        label="Smart wallet type"
        options={[
          ['', 'None'],
          ['safe', 'Safe'],
          ['kernel', 'Kernel'],
          ['light_account', 'Light Account'],
          ['biconomy', 'Biconomy'],
          ['thirdweb', 'thirdweb'],
          ['coinbase_smart_wallet', 'Coinbase Smart Wallet'],
          ['nexus', 'Nexus'],
        ]}
      />
      <SmartWalletNetworksField />
      <h3>Cross-app</h3>
      <CheckboxField
        path={s('cross_app', 'is_provider')}
        label="Other apps may sign in with this app's accounts"
      />
      <ListField
        path={s('cross_app', 'allowed_requester_app_ids')}
        label="Apps allowed to ask"
        hint="One app id per line."
      />
      <CheckboxField path={s('cross_app', 'read_only')} label="Read only (no signing for other apps)" />
      <TextField path={s('cross_app', 'web_url')} label="This app's web address" type="url" />
    </>
  )
}

/** OAuth clients, the Telegram bot, and the funding providers' keys: secrets write-only. */
export function ProvidersSection() {
  const draft = useContext(DraftContext)
  const onProviders = oauthProviders.filter((provider) => draft?.get(s(`${provider}_oauth`)) === true)
  return (
    <>
      {onProviders.length === 0 ? (
        <p className="console-muted">Turn on an OAuth login method to set its client.</p>
      ) : null}
      {onProviders.map((provider) => {
        const name = loginMethodLabels[provider][0]
        const client = s('oauth', 'clients', provider)
        return (
          <fieldset key={provider}>
            <legend>{name} OAuth client</legend>
            {draft?.get(client) ? (
              // Saved as null: the server removes the client (docs/console.md#apps).
              <button type="button" onClick={() => draft.set(client, null)}>
                Remove the {name} client
              </button>
            ) : (
              <p className="console-muted">No client: type its id to add one.</p>
            )}
            <TextField
              path={s('oauth', 'clients', provider, 'client_id')}
              label={`${name} client id`}
              nullable={false}
            />
            <SecretField
              path={s('oauth', 'clients', provider, 'client_secret')}
              label={`${name} client secret`}
            />
          </fieldset>
        )
      })}
      <fieldset>
        <legend>Telegram bot</legend>
        <TextField path={s('telegram_auth_config', 'bot_name')} label="Bot username" />
        <SecretField path={s('telegram_bot_token')} label="Bot token" />
      </fieldset>
      <fieldset>
        <legend>MoonPay</legend>
        <TextField
          path={s('funding_providers', 'moonpay', 'api_key')}
          label="MoonPay publishable key"
          nullable={false}
        />
        <SecretField path={s('funding_providers', 'moonpay', 'secret_key')} label="MoonPay secret key" />
      </fieldset>
      <fieldset>
        <legend>Farcaster developer account</legend>
        <NumberField path={s('farcaster_developer_account', 'fid')} label="Farcaster id (fid)" />
        <SecretField
          path={s('farcaster_developer_account', 'custody_private_key')}
          label="Custody private key"
        />
      </fieldset>
      <fieldset>
        <legend>Gas sponsorship</legend>
        <TextField path={s('gas_sponsorship', 'paymaster_address')} label="Paymaster address" />
        <SecretField path={s('gas_sponsorship', 'signer_private_key')} label="Paymaster signer key" />
        <ListField
          path={s('gas_sponsorship', 'chain_ids')}
          label="Sponsored chain ids"
          hint="One chain id per line, e.g. 8453."
          numbers
        />
        <TextField
          path={s('gas_sponsorship', 'daily_limit_wei_per_user')}
          label="Daily limit per user (wei)"
        />
      </fieldset>
      <fieldset>
        <legend>iCloud recovery</legend>
        <TextField
          path={s('icloud_recovery', 'container_identifier')}
          label="iCloud container"
          hint="e.g. iCloud.com.shop.app"
        />
        <SelectField
          path={s('icloud_recovery', 'environment')}
          label="CloudKit environment"
          options={[
            ['production', 'Production'],
            ['development', 'Development'],
          ]}
        />
        <SecretField path={s('icloud_recovery', 'api_token')} label="CloudKit API token" />
      </fieldset>
      <fieldset>
        <legend>Delegated actions webhook</legend>
        <TextField path={s('delegated_actions', 'webhook', 'url')} label="Webhook URL" type="url" />
        <SecretField
          path={s('delegated_actions', 'webhook', 'secret')}
          label="Webhook signing secret"
          hint="whsec_ and base64."
        />
      </fieldset>
      <fieldset>
        <legend>Coinbase Developer Platform</legend>
        <TextField
          path={s('funding_providers', 'coinbase', 'project_id')}
          label="Coinbase project id"
          nullable={false}
        />
        <TextField
          path={s('funding_providers', 'coinbase', 'api_key_id')}
          label="Coinbase API key id"
          nullable={false}
        />
        <SecretField
          path={s('funding_providers', 'coinbase', 'api_key_secret')}
          label="Coinbase API key secret"
        />
      </fieldset>
    </>
  )
}
