import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { passwordFlowRoute } from '../passwordFlowRoute'

/**
 * The password update splash (docs/modal.md "Recovery-screen choice"): 'Secure Your Account' with 'Add
 * password', for a wallet on automatic recovery when a password is the one method offered. 'Add password'
 * opens the password flow ('Set your password', closable: the user started it).
 */
export function PasswordSplash({ params }: ScreenProps<'passwordSplash'>) {
  const { client, messages, router } = useModal()
  const m = messages.recovery
  const add = () => {
    const route = passwordFlowRoute(client, params.wallet, params.settle)
    if (route.id === 'setPassword') router.push('setPassword', route.params)
  }
  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.splashTitle}</ScreenTitle>} />
      <p className="foyer-text">{m.splashDetail}</p>
      <Button block onClick={add}>
        {m.splashButton}
      </Button>
    </div>
  )
}
