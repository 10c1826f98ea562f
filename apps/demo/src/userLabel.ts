import type { LinkedAccount, User } from '@foyer/protocol'

/** The short, human name of one linked account, or `null` when it carries none worth showing. */
function accountLabel(account: LinkedAccount): string | null {
  switch (account.type) {
    case 'email':
      return account.address
    case 'phone':
      return account.number
    case 'telegram':
      return account.username
        ? `@${account.username} (Telegram)`
        : [account.first_name, account.last_name].filter(Boolean).join(' ') || null
    case 'farcaster':
      return account.username ? `@${account.username} (Farcaster)` : `fid ${account.fid} (Farcaster)`
    case 'cross_app':
      return account.embedded_wallets[0]
        ? `${shortAddress(account.embedded_wallets[0].address)} (app ${account.provider_app_id})`
        : `app ${account.provider_app_id}`
    case 'custom_auth':
      return `${account.custom_user_id} (host login)`
    case 'wallet':
      return shortAddress(account.address)
    case 'passkey':
      return null
    default: {
      // The OAuth accounts: their e-mail address, else their user name, else their display name.
      const provider = account.type.replace(/_oauth$/, '')
      const name =
        ('email' in account && account.email) ||
        ('username' in account && account.username && `@${account.username}`) ||
        ('name' in account && account.name) ||
        null
      return name ? `${name} (${provider})` : null
    }
  }
}

function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** The order in which the demo prefers an account to name the user: the most recognisable first. */
const preference: readonly LinkedAccount['type'][] = [
  'email',
  'phone',
  'custom_auth',
  'telegram',
  'farcaster',
]

/**
 * How the demo page names the signed-in user: an e-mail address or phone number when linked, else the
 * host login's user id, a Telegram or Farcaster handle, an OAuth account's e-mail or user name, a cross-app
 * account's wallet, an external wallet; then 'Guest' for a guest, the embedded wallet, and the user's DID
 * only when nothing else names them.
 *
 * @example userLabel(user) // 'ada@example.com' or '@ada (github)'
 */
export function userLabel(user: User): string {
  const accounts = [...user.linked_accounts].sort((a, b) => rank(a) - rank(b))
  const embedded = (account: LinkedAccount) =>
    account.type === 'wallet' && account.connector_type === 'embedded'
  for (const account of accounts.filter((account) => !embedded(account))) {
    const label = accountLabel(account)
    if (label) return label
  }
  if (user.is_guest) return `Guest (${user.id})`
  const wallet = accounts.find(embedded)
  return wallet ? (accountLabel(wallet) ?? user.id) : user.id
}

function rank(account: LinkedAccount): number {
  const index = preference.indexOf(account.type)
  if (index !== -1) return index
  // Embedded wallets come last: every user may get one, so it names no one.
  if (account.type === 'wallet' && account.connector_type === 'embedded') return preference.length + 1
  return preference.length
}
