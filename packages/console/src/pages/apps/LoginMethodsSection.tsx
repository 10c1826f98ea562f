import { type LandingLoginMethod, type LoginMethodsAndOrder, landingLoginMethodSchema } from '@foyer/protocol'
import { useContext } from 'react'
import { CheckboxField, DraftContext } from './draft'

/** Each landing method: its label and the setting that turns it on. */
export const loginMethodLabels: Record<LandingLoginMethod, readonly [label: string, flag: string]> = {
  email: ['Email', 'email_auth'],
  sms: ['SMS', 'sms_auth'],
  wallet: ['Ethereum wallet', 'wallet_auth'],
  passkey: ['Passkey', 'passkey_auth'],
  telegram: ['Telegram', 'telegram_auth'],
  farcaster: ['Farcaster', 'farcaster_auth'],
  google: ['Google', 'google_oauth'],
  twitter: ['X (Twitter)', 'twitter_oauth'],
  discord: ['Discord', 'discord_oauth'],
  github: ['GitHub', 'github_oauth'],
  spotify: ['Spotify', 'spotify_oauth'],
  instagram: ['Instagram', 'instagram_oauth'],
  tiktok: ['TikTok', 'tiktok_oauth'],
  linkedin: ['LinkedIn', 'linkedin_oauth'],
  apple: ['Apple', 'apple_oauth'],
}

const ORDER_PATH = ['settings', 'login_methods_and_order'] as const
type Group = 'primary' | 'overflow'

/**
 * The methods the app has on and where each shows: primary (the landing, in order) or overflow (behind 'More
 * options'). With no order set, the landing uses the default one; 'Set an order' starts one from the
 * methods that are on. Reordering is by buttons (Move up, Move down, the other group), so the keyboard does
 * it all.
 */
function OrderEditor() {
  const draft = useContext(DraftContext)
  if (!draft) return null
  const order = draft.get(ORDER_PATH) as LoginMethodsAndOrder | null | undefined
  const isOn = (method: LandingLoginMethod) => draft.get(['settings', loginMethodLabels[method][1]]) === true
  const on = landingLoginMethodSchema.options.filter(isOn)
  const error = draft.errorOf([...ORDER_PATH, 'overflow']) ?? draft.errorOf(ORDER_PATH)

  if (!order)
    return (
      <div>
        <p className="console-muted">The landing shows the methods that are on in the default order.</p>
        <button type="button" onClick={() => draft.set(ORDER_PATH, { primary: on, overflow: [] })}>
          Set an order
        </button>
      </div>
    )

  // Methods turned on since the order was set join the overflow, so nothing on is lost from view.
  const listed = new Set([...order.primary, ...order.overflow])
  const groups: Record<Group, LandingLoginMethod[]> = {
    primary: order.primary.filter(isOn),
    overflow: [...order.overflow.filter(isOn), ...on.filter((method) => !listed.has(method))],
  }
  const write = (next: Record<Group, LandingLoginMethod[]>) =>
    draft.set(ORDER_PATH, { primary: next.primary, overflow: next.overflow })
  const move = (group: Group, index: number, by: -1 | 1) => {
    const list = [...groups[group]]
    const [item] = list.splice(index, 1)
    if (item === undefined) return
    list.splice(index + by, 0, item)
    write({ ...groups, [group]: list })
  }
  const switchGroup = (group: Group, index: number) => {
    const other: Group = group === 'primary' ? 'overflow' : 'primary'
    const item = groups[group][index]
    if (item === undefined) return
    write({
      ...groups,
      [group]: groups[group].filter((_, at) => at !== index),
      [other]: [...groups[other], item],
    } as Record<Group, LandingLoginMethod[]>)
  }

  return (
    <div className="console-order">
      {(['primary', 'overflow'] as const).map((group) => (
        <div key={group}>
          <h4 id={`order-${group}`}>
            {group === 'primary' ? 'Primary (on the landing)' : "Overflow (behind 'More options')"}
          </h4>
          {groups[group].length === 0 ? <p className="console-muted">None.</p> : null}
          <ol aria-labelledby={`order-${group}`}>
            {groups[group].map((method, index) => {
              const label = loginMethodLabels[method][0]
              return (
                <li key={method}>
                  <span>{label}</span>
                  <button
                    type="button"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => move(group, index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${label} down`}
                    disabled={index === groups[group].length - 1}
                    onClick={() => move(group, index, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" onClick={() => switchGroup(group, index)}>
                    {group === 'primary' ? `Move ${label} to overflow` : `Move ${label} to primary`}
                  </button>
                </li>
              )
            })}
          </ol>
        </div>
      ))}
      <button type="button" onClick={() => draft.set(ORDER_PATH, null)}>
        Use the default order
      </button>
      {error ? <p className="console-field-error">{error}</p> : null}
    </div>
  )
}

/** The login methods: each on or off, and their order on the landing. */
export function LoginMethodsSection() {
  return (
    <>
      <fieldset className="console-choices">
        <legend>Login methods</legend>
        {landingLoginMethodSchema.options.map((method) => (
          <CheckboxField
            key={method}
            path={['settings', loginMethodLabels[method][1]]}
            label={loginMethodLabels[method][0]}
          />
        ))}
        <CheckboxField path={['settings', 'solana_wallet_auth']} label="Solana wallet" />
        <CheckboxField
          path={['settings', 'passkeys_for_signup_enabled']}
          label="New users may sign up with a passkey"
        />
        <CheckboxField path={['settings', 'show_wallet_login_first']} label="Show wallets first" />
      </fieldset>
      <h3>Order</h3>
      <OrderEditor />
    </>
  )
}
