import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Notice } from '../../../ui/Notice'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { RetryNotice } from '../RetryNotice'
import { ConfirmPasswordStep } from './ConfirmPasswordStep'
import { CreatePasswordStep } from './CreatePasswordStep'
import { FinalizePasswordStep } from './FinalizePasswordStep'
import { SavePasswordStep } from './SavePasswordStep'

/** The steps of the password flow (docs/modal.md). */
type Step = 'creating' | 'saving' | 'confirming' | 'finalizing' | 'done'
const order: Step[] = ['creating', 'saving', 'confirming', 'finalizing', 'done']

/**
 * The password flow (docs/modal.md, docs/limits.md): 'Set your password' (or 'Reset your password') → 'Save
 * your password' → 'Confirm your password' → 'Confirm you have saved' with 'Set Password', which runs the
 * submit action → 'Success' (or 'Something went wrong' with the error text) and Close. Back goes one step
 * back.
 */
export function SetPassword({ params }: ScreenProps<'setPassword'>) {
  const { messages, appName, close } = useModal()
  const m = messages.password
  const { prompt, settle } = params
  const [step, setStep] = useState<Step>('creating')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const isMounted = useIsMounted()
  const index = order.indexOf(step)
  const back = index > 0 && step !== 'done' && !busy ? () => setStep(order[index - 1] as Step) : undefined

  const submit = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await prompt.submit(password)
      settle.resolve(undefined)
      if (isMounted()) setStep('done')
    } catch (caught) {
      if (!isMounted()) return
      setBusy(false)
      setError(toErrorInfo(caught).message ?? messages.error.somethingWentWrong)
      setFailure(caught)
    }
  }

  if (failure !== undefined) {
    return (
      <RetryNotice
        title={m.errorTitle}
        detail={error}
        onRetry={() => setFailure(undefined)}
        onClose={
          prompt.closable
            ? () => {
                settle.reject(failure)
                close()
              }
            : undefined
        }
      />
    )
  }

  if (step === 'done') {
    return (
      <div role="status">
        <Notice tone="success" title={<ScreenTitle>{m.successTitle}</ScreenTitle>} detail={m.successDetail}>
          <Button block onClick={close}>
            {messages.wallet.close}
          </Button>
        </Notice>
      </div>
    )
  }

  const titles: Record<Exclude<Step, 'done'>, string> = {
    creating: prompt.reason === 'update' ? m.resetTitle : m.setTitle,
    saving: m.saveTitle,
    confirming: m.confirmTitle,
    finalizing: m.finalTitle,
  }
  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{titles[step]}</ScreenTitle>}
        onBack={back}
        backLabel={messages.modal.back}
      />
      {step === 'creating' ? (
        <CreatePasswordStep
          initial={password}
          messages={messages}
          onContinue={(value) => {
            setPassword(value)
            setStep('saving')
          }}
        />
      ) : step === 'saving' ? (
        <SavePasswordStep
          password={password}
          appName={appName}
          messages={messages}
          onContinue={() => setStep('confirming')}
        />
      ) : step === 'confirming' ? (
        <ConfirmPasswordStep
          password={password}
          messages={messages}
          onContinue={() => setStep('finalizing')}
        />
      ) : (
        <FinalizePasswordStep
          messages={messages}
          busy={busy}
          error={undefined}
          cancellable={prompt.closable}
          onCancel={() => {
            settle.reject()
            close()
          }}
          onSubmit={submit}
        />
      )}
    </div>
  )
}
