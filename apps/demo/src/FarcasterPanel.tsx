import type { FarcasterAccount } from '@foyer/protocol'
import { useFoyer, useLinkFarcaster } from '@foyer/react'
import { useActionOutcome } from './panelActions'

/**
 * The Farcaster account of the signed-in user (docs/modal.md, docs/limits.md): the linked one with 'Unlink
 * Farcaster', or 'Link Farcaster' (the modal's QR code; approve it with the demo's simulated Farcaster app).
 * Shows the docs/errors.md text of the last failure.
 */
export function FarcasterPanel() {
  const { user } = useFoyer()
  const { linkFarcaster, unlinkFarcaster, busy, error } = useLinkFarcaster()
  const { outcome, run } = useActionOutcome()
  const account = user?.linked_accounts.find(
    (linked): linked is FarcasterAccount => linked.type === 'farcaster',
  )
  return (
    <section>
      <h2>Farcaster</h2>
      {account ? (
        <p data-testid="farcaster-account">
          fid {account.fid}
          {account.username ? ` @${account.username}` : ''} (custody {account.owner_address}){' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => unlinkFarcaster(account.fid), 'unlinked')}
          >
            Unlink Farcaster
          </button>
        </p>
      ) : (
        <p>
          <button type="button" onClick={() => run(() => linkFarcaster(), 'linked')}>
            Link Farcaster
          </button>
        </p>
      )}
      <p data-testid="farcaster-outcome">{outcome}</p>
      {error ? <p role="alert">{error.message}</p> : null}
    </section>
  )
}
