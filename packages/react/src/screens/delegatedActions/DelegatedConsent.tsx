import { type DelegationsResponse, walletPolicySchema } from '@foyer/protocol'
import { useEffect, useId, useState } from 'react'
import { loadWallet } from '../../hooks/loadWallet'
import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import type { ScreenProps } from '../../modal/screenParams'
import { shortAddress } from '../../ui/Address'
import { Button } from '../../ui/Button'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { Spinner } from '../../ui/Spinner'
import { DelegationBusy, DelegationResult, recordOutcome, useCloseWithOutcome } from './delegationOutcome'
import { describePolicy } from './describePolicy'

type View =
  | { kind: 'loading' }
  | { kind: 'prompt'; terms: DelegationsResponse }
  | { kind: 'enabling'; terms: DelegationsResponse }
  | { kind: 'enabled' }
  | { kind: 'failed' }

/**
 * 'Enable delegated actions' (docs/delegated-actions.md#consent-screen): what the app will be able to do with
 * the wallet — the app's policy and daily limit in words, read from the server (the terms a consent copies)
 * — with 'Learn more', 'Not now' and 'Accept'. Accept delegates the wallet through the wallet frame; the
 * result ('Delegated actions enabled', or 'Something went wrong. Try again.' / 'Please try again.') shows,
 * then the modal closes and the hook answers. 'Not now' and Close answer with a user rejection.
 */
export function DelegatedConsent({ params }: ScreenProps<'delegatedActionsConsent'>) {
  const { client, messages, appName, format, close } = useModal()
  const m = messages.delegatedActions
  const { wallet, settle, outcome } = params
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [learnMore, setLearnMore] = useState(false)
  const learnMoreId = useId()
  const detailId = useId()
  useCloseWithOutcome(outcome, settle, view.kind === 'enabled' || view.kind === 'failed' ? view : undefined)

  useEffect(() => {
    let current = true
    ;(async () => {
      const terms = await (await loadWallet()).getDelegations(client, { chainType: wallet.chainType })
      if (current) setView({ kind: 'prompt', terms })
    })().catch((error: unknown) => {
      if (!current) return
      outcome.current = { ok: false, error }
      setView({ kind: 'failed' })
    })
    return () => {
      current = false
    }
  }, [client, outcome, wallet.chainType])

  const accept = async (terms: DelegationsResponse) => {
    setView({ kind: 'enabling', terms })
    const enabled = await recordOutcome(outcome, async () =>
      (await loadWallet()).delegateWallet(client, { wallet }),
    )
    setView({ kind: enabled ? 'enabled' : 'failed' })
  }
  const notNow = () => {
    settle.reject()
    close()
  }

  if (view.kind === 'enabled' || view.kind === 'failed')
    return <DelegationResult ok={view.kind === 'enabled'} successTitle={m.enabledTitle} />
  if (view.kind === 'loading')
    return (
      <div className="foyer-screen">
        <ScreenHeader title={<ScreenTitle>{m.consentTitle}</ScreenTitle>} />
        <div className="foyer-center" role="status">
          <Spinner size="large" />
          <span className="foyer-sr-only">{messages.modal.loading}</span>
        </div>
      </div>
    )

  const { terms } = view
  // A policy this client cannot read is shown as none: the user is never asked to accept unseen terms.
  const policy = terms.policy ? walletPolicySchema.safeParse(terms.policy) : undefined
  const words = policy?.success
    ? describePolicy(policy.data, terms.daily_value_limit_wei ?? terms.daily_lamports_limit, messages, format)
    : undefined
  const busy = view.kind === 'enabling'
  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.consentTitle}</ScreenTitle>} />
      {words ? (
        <>
          <p id={detailId} className="foyer-text" title={wallet.address}>
            {formatMessage(m.consentDetail, { app: appName, address: shortAddress(wallet.address) })}
          </p>
          <ul className="foyer-list" aria-labelledby={detailId}>
            {words.rules.map((rule) => (
              <li key={`${rule.name}:${rule.action}`} className="foyer-list-item" data-action={rule.action}>
                <div>
                  <strong>{rule.text}</strong>
                  {rule.conditions.map((condition) => (
                    <div key={condition} className="foyer-text">
                      {condition}
                    </div>
                  ))}
                </div>
              </li>
            ))}
            {words.dailyLimit ? <li className="foyer-list-item">{words.dailyLimit}</li> : null}
          </ul>
        </>
      ) : (
        <p className="foyer-text">{m.notOffered}</p>
      )}
      <Button
        variant="link"
        aria-expanded={learnMore}
        aria-controls={learnMoreId}
        onClick={() => setLearnMore((value) => !value)}
      >
        {m.learnMore}
      </Button>
      {learnMore ? (
        <p id={learnMoreId} className="foyer-text">
          {m.learnMoreDetail}
        </p>
      ) : null}
      {busy ? <DelegationBusy /> : null}
      <Button block disabled={busy || !words} onClick={() => void accept(terms)}>
        {m.accept}
      </Button>
      <Button block variant="secondary" disabled={busy} onClick={notNow}>
        {m.notNow}
      </Button>
    </div>
  )
}
