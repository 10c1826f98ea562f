import { useFarcasterSigner, useFoyer } from '@foyer/react'
import { useState } from 'react'
import { useActionError } from './panelActions'

/** Hex of bytes, `0x`-prefixed. */
function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** The demo's message hash: the first 20 bytes of SHA-256 of a text (a cast's hash is 20 bytes of BLAKE3). */
async function demoMessageHash(text: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return new Uint8Array(digest).slice(0, 20)
}

/**
 * The Farcaster signer (docs/modal.md): shown to users with a Farcaster account. 'Add a Farcaster signer'
 * opens the modal's approval screen; 'Sign a Farcaster message' signs a message hash with the signer key
 * inside the wallet frame.
 */
export function FarcasterSignerPanel() {
  const { user } = useFoyer()
  const { requestFarcasterSigner, getFarcasterSignerPublicKey, signFarcasterMessage } = useFarcasterSigner()
  const [hash, setHash] = useState('')
  const [signature, setSignature] = useState('')
  const { error, run } = useActionError()
  const account = user?.linked_accounts.find((entry) => entry.type === 'farcaster')
  if (account?.type !== 'farcaster') return null
  const publicKey = getFarcasterSignerPublicKey()

  return (
    <section>
      <h2>Farcaster signer</h2>
      <p>
        fid <code data-testid="farcaster-fid">{account.fid}</code> · signer:{' '}
        <code data-testid="farcaster-signer-public-key">{publicKey ?? 'none'}</code>
      </p>
      <p>
        <button
          type="button"
          onClick={run(async () => {
            await requestFarcasterSigner()
          })}
        >
          Add a Farcaster signer
        </button>{' '}
        <button
          type="button"
          disabled={!publicKey}
          onClick={run(async () => {
            const messageHash = await demoMessageHash('Hello from the Foyer demo')
            setHash(toHex(messageHash))
            setSignature(toHex(await signFarcasterMessage(messageHash)))
          })}
        >
          Sign a Farcaster message
        </button>
      </p>
      {hash ? (
        <p>
          Hash <code data-testid="farcaster-message-hash">{hash}</code> · signature{' '}
          <code data-testid="farcaster-signature">{signature}</code>
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  )
}
