import type { EmailAccount, FarcasterAccount, PhoneAccount, User, WalletAccount } from '@foyer/protocol'

/**
 * The user the hooks return (docs/linked-accounts.md "The user the hooks return"): the server's user
 * (`linked_accounts`, each account with `verified_at`, `first_verified_at` and `latest_verified_at` in Unix
 * seconds) with shortcuts to its main accounts, each the very object listed in `linked_accounts`, or absent:
 * - `email`: the email account (`address`);
 * - `phone`: the phone account (`number`);
 * - `wallet`: the embedded Ethereum wallet, else the first Ethereum wallet, else the first wallet (`address`,
 *   `chain_type`);
 * - `farcaster`: the Farcaster account (`fid`, and `signer_public_key` once a signer is approved).
 */
export type FoyerUser = User & {
  email?: EmailAccount
  phone?: PhoneAccount
  wallet?: WalletAccount
  farcaster?: FarcasterAccount
}

const withShortcutsOf = new WeakMap<User, FoyerUser>()

/** `user` with its shortcuts ({@link FoyerUser}); the same object for the same user (memoized). */
export function withShortcuts(user: User): FoyerUser {
  let shortcuts = withShortcutsOf.get(user)
  if (!shortcuts) {
    const accounts = user.linked_accounts
    const wallets = accounts.filter((account): account is WalletAccount => account.type === 'wallet')
    const ethereum = wallets.filter((wallet) => wallet.chain_type === 'ethereum')
    const email = accounts.find((account): account is EmailAccount => account.type === 'email')
    const phone = accounts.find((account): account is PhoneAccount => account.type === 'phone')
    const farcaster = accounts.find((account): account is FarcasterAccount => account.type === 'farcaster')
    const wallet = ethereum.find((account) => account.wallet_client === 'privy') ?? ethereum[0] ?? wallets[0]
    shortcuts = {
      ...user,
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(wallet ? { wallet } : {}),
      ...(farcaster ? { farcaster } : {}),
    }
    withShortcutsOf.set(user, shortcuts)
  }
  return shortcuts
}
