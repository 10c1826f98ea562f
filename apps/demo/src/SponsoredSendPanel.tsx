import { useSendTransaction } from '@foyer/react'
import { useState } from 'react'

/** anvil's account 8: the sponsored send's recipient. */
const RECIPIENT = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

/**
 * 'Sponsored send (EIP-7702)': the embedded wallet sends 0 ETH with `sponsor: true`, its gas paid by the
 * app's verifying paymaster on the Foyer server (docs/gas-sponsorship.md#sending). The wallet needs no ETH;
 * the first send delegates it to Simple7702Account. The app's daily limit refuses sends past it.
 */
export function SponsoredSendPanel() {
  const { sendTransaction } = useSendTransaction()
  const [hash, setHash] = useState('')
  const [error, setError] = useState('')
  return (
    <section>
      <h2>Sponsored send (EIP-7702)</h2>
      <button
        type="button"
        onClick={async () => {
          setHash('')
          setError('')
          try {
            setHash((await sendTransaction({ to: RECIPIENT, value: 0n }, { sponsor: true })).hash)
          } catch (caught) {
            const { code, message } = caught as { code?: string; message?: string }
            setError(`${code ?? 'error'}: ${message ?? String(caught)}`)
          }
        }}
      >
        Send 0 ETH (sponsor: true)
      </button>
      {hash ? (
        <p>
          Transaction <code data-testid="sponsored-send-hash">{hash}</code>
        </p>
      ) : null}
      {error ? <p data-testid="sponsored-send-error">{error}</p> : null}
    </section>
  )
}
