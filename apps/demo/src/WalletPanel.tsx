import {
  useExportWallet,
  useFundWallet,
  useMfaEnrollment,
  useSendTransaction,
  useSetWalletRecovery,
  useSignMessage,
  useWallets,
} from '@foyer/react'
import { useCallback, useEffect, useState } from 'react'
import { type Address, createTestClient, encodeFunctionData, erc20Abi, http, maxUint256 } from 'viem'
import { anvilChain, demoUsdcAddress, localBaseChain } from './chains'
import { useActionError } from './panelActions'
import { formatEther, parseEther } from './units'

/** The faucet amount: anvil's `anvil_setBalance` sets the balance to this, in wei (10 ETH). */
const FAUCET_WEI = 10n * 10n ** 18n
/** anvil's second dev account: a default recipient for 'Send 0.01 ETH'. */
const DEFAULT_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** anvil's third dev account: the spender of 'Sign a token approval' (as a dapp's router would be). */
const DEMO_SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** How the demo names a wallet's recovery method (`privy` is the wire value of automatic recovery). */
const recoveryLabels: Record<string, string> = {
  privy: 'automatic recovery',
  'user-passcode': 'password recovery',
}

/** A labelled one-line text input of the panel, `size` characters wide and never wider than the page. */
function TextField(props: { label: string; value: string; onChange(value: string): void; size: number }) {
  return (
    <label>
      {props.label}{' '}
      <input
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        size={props.size}
        style={{ maxWidth: '100%' }}
      />
    </label>
  )
}

/**
 * The embedded Ethereum wallet: address, balance on anvil, a faucet (`anvil_setBalance`), 'Sign message',
 * 'Send 0.01 ETH' to an address, 'Sign a token approval' (an unlimited approve of the demo's USDC),
 * 'Set password' and 'Export wallet'.
 */

export function WalletPanel() {
  const { ready, wallets } = useWallets()
  const wallet = wallets[0]
  const { signMessage } = useSignMessage()
  const { sendTransaction } = useSendTransaction()
  const { setWalletRecovery } = useSetWalletRecovery()
  const { exportWallet } = useExportWallet()
  const { fundWallet } = useFundWallet()
  const [fundAmount, setFundAmount] = useState('0.05')
  // Exchange funding needs a chain Coinbase Onramp serves: the local Base chain, when started.
  const baseChain = localBaseChain
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const [balance, setBalance] = useState<bigint | null>(null)
  const [message, setMessage] = useState('Hello from the Foyer demo')
  const [signature, setSignature] = useState('')
  const [recipient, setRecipient] = useState(DEFAULT_RECIPIENT)
  const [hash, setHash] = useState('')
  const { error, run } = useActionError()

  const refreshBalance = useCallback(async () => {
    if (!wallet) return
    const provider = await wallet.getEthereumProvider()
    setBalance(
      BigInt(
        (await provider.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] })) as string,
      ),
    )
  }, [wallet])

  useEffect(() => {
    refreshBalance().catch(() => setBalance(null))
  }, [refreshBalance])

  if (!wallet) {
    return (
      <section>
        <h2>Ethereum wallet</h2>
        <p data-testid="wallet-status">{ready ? 'No wallet' : 'Creating your wallet…'}</p>
      </section>
    )
  }

  /** Opens Foyer's funding flow for this wallet on `chainId`: `amount` of the native coin, or of `asset`. */
  const fund = async (chainId: number, amount: string, asset?: 'USDC') => {
    await fundWallet({ address: wallet.address, chain: { id: chainId }, amount, ...(asset ? { asset } : {}) })
  }

  return (
    <section>
      <h2>Ethereum wallet</h2>
      <p>
        Address: <code data-testid="wallet-address">{wallet.address}</code> (
        {recoveryLabels[wallet.recoveryMethod] ?? wallet.recoveryMethod})
      </p>
      <p>
        Balance on {anvilChain.name}:{' '}
        <strong data-testid="wallet-balance">{balance === null ? '…' : formatEther(balance)}</strong> ETH{' '}
        <button type="button" onClick={run(refreshBalance)}>
          Refresh
        </button>{' '}
        <button
          type="button"
          onClick={run(async () => {
            await createTestClient({ mode: 'anvil', transport: http(anvilChain.rpcUrl) }).setBalance({
              address: wallet.address as Address,
              value: FAUCET_WEI,
            })
            await refreshBalance()
          })}
        >
          Faucet: set balance to 10 ETH
        </button>
      </p>
      <p>
        <label>
          Amount <input value={fundAmount} onChange={(event) => setFundAmount(event.target.value)} size={8} />
        </label>{' '}
        <button
          type="button"
          onClick={run(async () => {
            await fund(anvilChain.id, fundAmount)
            await refreshBalance()
          })}
        >
          Fund wallet
        </button>
        {baseChain ? (
          <>
            {' '}
            <button type="button" onClick={run(() => fund(baseChain.id, fundAmount))}>
              Fund on Base
            </button>
          </>
        ) : null}
        {demoUsdcAddress ? (
          <>
            {' '}
            <button type="button" onClick={run(() => fund(anvilChain.id, '5', 'USDC'))}>
              Fund with 5 USDC
            </button>
          </>
        ) : null}
      </p>
      <p>
        <TextField label="Message" value={message} onChange={setMessage} size={40} />{' '}
        <button type="button" onClick={run(async () => setSignature((await signMessage(message)).signature))}>
          Sign message
        </button>
      </p>
      {signature ? (
        <p>
          Signature: <code data-testid="signature">{signature}</code>
        </p>
      ) : null}
      <p>
        <TextField label="Recipient" value={recipient} onChange={setRecipient} size={44} />{' '}
        <button
          type="button"
          onClick={run(async () => {
            const { hash: sent } = await sendTransaction({ to: recipient, value: parseEther('0.01') })
            setHash(sent)
            await refreshBalance()
          })}
        >
          Send 0.01 ETH
        </button>
        {demoUsdcAddress ? (
          <>
            {' '}
            <button
              type="button"
              onClick={run(async () => {
                // What a dapp sends before swapping: an unlimited ERC-20 approval (the confirmation decodes it;
                // docs/confirmation-screen.md).
                const data = encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [DEMO_SPENDER, maxUint256],
                })
                const { hash: sent } = await sendTransaction({ to: demoUsdcAddress, data })
                setHash(sent)
                await refreshBalance()
              })}
            >
              Sign a token approval
            </button>
          </>
        ) : null}
      </p>
      {hash ? (
        <p>
          Transaction: <code data-testid="tx-hash">{hash}</code>
        </p>
      ) : null}
      <p>
        <button type="button" onClick={run(() => setWalletRecovery())}>
          Set password
        </button>{' '}
        <button type="button" onClick={run(() => exportWallet())}>
          Export wallet
        </button>{' '}
        <button type="button" onClick={run(() => showMfaEnrollmentModal())}>
          Protect wallet (MFA)
        </button>
      </p>
      {error ? (
        <p role="alert" data-testid="wallet-error" style={{ color: '#b91c1c' }}>
          {error}
        </p>
      ) : null}
    </section>
  )
}
