/// <reference types="vite/client" />
// The interop suite's app page: the published react-auth, unmodified, with `apiUrl` pointed at a Foyer
// server (docs/interop.md). It shows the client's state under test ids and offers a button per call.
import {
  type PrivyClientConfig,
  PrivyProvider,
  useCreateWallet,
  useExportWallet,
  useGuestAccounts,
  useLinkAccount,
  useLoginWithOAuth,
  useLoginWithPasskey,
  useLogout,
  useMfa,
  useMfaEnrollment,
  usePrivy,
  useSendTransaction,
  useSignMessage,
  useSignupWithPasskey,
} from '@privy-io/react-auth'
import { createElement as h, type ReactNode, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { parseEther } from 'viem'

const apiUrl = import.meta.env.VITE_INTEROP_API_URL as string
const appId = import.meta.env.VITE_INTEROP_APP_ID as string
/** The suite's anvil (chain 31337): the page's only chain. */
const anvil: NonNullable<PrivyClientConfig['defaultChain']> = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_INTEROP_ANVIL_RPC_URL as string] } },
}
/** Where 'Send transaction' sends 0.01 ETH (anvil's account #9). */
export const RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** A line `name: value` whose value tests read by its test id. */
function Field({ name, value }: { name: string; value: string }): ReactNode {
  return h('p', null, `${name}: `, h('span', { 'data-testid': name }, value))
}

function App(): ReactNode {
  const { ready, authenticated, user, login } = usePrivy()
  const { logout } = useLogout()
  const { createGuestAccount } = useGuestAccounts()
  const { linkEmail } = useLinkAccount()
  const { createWallet } = useCreateWallet()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const { exportWallet } = useExportWallet()
  const { promptMfa } = useMfa()
  const [mfaVerified, setMfaVerified] = useState('')
  const { signMessage } = useSignMessage()
  const { sendTransaction } = useSendTransaction()
  const { signupWithPasskey } = useSignupWithPasskey()
  const { loginWithPasskey } = useLoginWithPasskey()
  // Mounted on every load: it completes a redirect sign-in when the page comes back with the provider's code.
  const { initOAuth } = useLoginWithOAuth()
  const [signature, setSignature] = useState('')
  const [transactionHash, setTransactionHash] = useState('')
  const wallet = user?.linkedAccounts.find(
    (account) => account.type === 'wallet' && account.walletClientType === 'privy',
  ) as { address: string } | undefined
  const [lastError, setLastError] = useState('')
  const run = (action: () => Promise<unknown> | unknown) => async () => {
    try {
      setLastError('')
      await action()
    } catch (error) {
      setLastError(error instanceof Error ? error.message : String(error))
    }
  }
  return h(
    'main',
    null,
    h(Field, { name: 'ready', value: String(ready) }),
    h(Field, { name: 'authenticated', value: String(authenticated) }),
    h(Field, { name: 'user-id', value: user?.id ?? '' }),
    h(Field, { name: 'user-email', value: user?.email?.address ?? '' }),
    h(Field, { name: 'user-google', value: user?.google?.subject ?? '' }),
    h(Field, { name: 'mfa-methods', value: user?.mfaMethods.join(',') ?? '' }),
    h(Field, { name: 'user-telegram', value: user?.telegram?.telegramUserId ?? '' }),
    h(Field, { name: 'user-farcaster', value: String(user?.farcaster?.fid ?? '') }),
    h(Field, { name: 'user-phone', value: user?.phone?.number ?? '' }),
    h(Field, { name: 'user-wallet', value: user?.wallet?.address ?? '' }),
    h(Field, { name: 'user-wallet-client', value: user?.wallet?.walletClientType ?? '' }),
    h(Field, { name: 'is-guest', value: String(user?.isGuest ?? '') }),
    h(Field, { name: 'wallet-address', value: wallet?.address ?? '' }),
    h(Field, {
      name: 'passkeys',
      value: String(user?.linkedAccounts.filter((account) => account.type === 'passkey').length ?? ''),
    }),
    h(Field, { name: 'mfa-verified', value: mfaVerified }),
    h(Field, { name: 'signature', value: signature }),
    h(Field, { name: 'transaction-hash', value: transactionHash }),
    h(Field, { name: 'error', value: lastError }),
    h('button', { type: 'button', onClick: run(() => login()) }, 'Log in'),
    h('button', { type: 'button', onClick: run(() => login({ loginMethods: ['sms'] })) }, 'Log in with SMS'),
    h(
      'button',
      { type: 'button', onClick: run(() => login({ loginMethods: ['google'] })) },
      'Log in with Google',
    ),
    h(
      'button',
      { type: 'button', onClick: run(() => login({ loginMethods: ['wallet'] })) },
      'Log in with a wallet',
    ),
    h(
      'button',
      { type: 'button', onClick: run(() => initOAuth({ provider: 'google' })) },
      'Google by redirect',
    ),
    h(
      'button',
      { type: 'button', onClick: run(() => login({ loginMethods: ['telegram'] })) },
      'Log in with Telegram',
    ),
    h(
      'button',
      { type: 'button', onClick: run(() => login({ loginMethods: ['farcaster'] })) },
      'Log in with Farcaster',
    ),
    h('button', { type: 'button', onClick: run(() => logout()) }, 'Log out'),
    h('button', { type: 'button', onClick: run(() => showMfaEnrollmentModal()) }, 'Enrol MFA'),
    h(
      'button',
      {
        type: 'button',
        onClick: run(async () => {
          await promptMfa()
          setMfaVerified('true')
        }),
      },
      'Verify MFA',
    ),
    h('button', { type: 'button', onClick: run(() => exportWallet()) }, 'Export wallet'),
    h('button', { type: 'button', onClick: run(() => createGuestAccount()) }, 'Continue as guest'),
    h('button', { type: 'button', onClick: run(() => signupWithPasskey()) }, 'Sign up with passkey'),
    h('button', { type: 'button', onClick: run(() => loginWithPasskey()) }, 'Log in with passkey'),
    h('button', { type: 'button', onClick: run(() => linkEmail()) }, 'Link email'),
    h('button', { type: 'button', onClick: run(() => createWallet()) }, 'Create wallet'),
    h(
      'button',
      {
        type: 'button',
        onClick: run(async () => {
          const { signature } = await signMessage({ message: 'Hello from react-auth' })
          setSignature(signature)
        }),
      },
      'Sign message',
    ),
    h(
      'button',
      {
        type: 'button',
        onClick: run(async () => {
          const { hash } = await sendTransaction({ to: RECIPIENT, value: parseEther('0.01') })
          setTransactionHash(hash)
        }),
      },
      'Send transaction',
    ),
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('no #root')
createRoot(root).render(
  h(
    StrictMode,
    null,
    h(PrivyProvider, {
      appId,
      apiUrl,
      config: { embeddedWallets: { showWalletUIs: false }, defaultChain: anvil, supportedChains: [anvil] },
      // biome-ignore lint/correctness/noChildrenProp: no JSX here, and the provider's props type requires children
      children: h(App),
    }),
  ),
)
