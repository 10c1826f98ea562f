import { isValidEmail, maskPhoneNumber, sendEmailCode, sendSmsCode } from '@foyer/core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { captchaRequired } from '../../../captcha/captchaRequired'
import { useCaptcha } from '../../../captcha/useCaptcha'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { preloadEmailScreens } from '../../../modal/preloadScreens'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { EmailInput } from '../../../ui/EmailInput'
import type { AwaitingCodeParams } from '../../login/AwaitingCode/params'
import { PhoneForm } from '../../login/PhoneForm/PhoneForm'

/**
 * The link screens of the modal's link mode (docs/modal.md "Link email, link phone, update email, update
 * phone"): 'Link email' (email form), 'Link phone' (phone form), 'Update email' (the current address, then
 * the new one) and 'Update phone' (the current number masked, then the new number). Submitting sends a code to the signed-in user (a link code) and opens the code screen in
 * link mode, which links (or updates) and answers the flow with the user. A guest on an app with captcha on
 * passes an invisible captcha first (the server asks guests: docs/api.md, docs/security.md property 56). Send
 * failures go to the error screen (Back returns here); closing the modal rejects the flow.
 */
export function LinkAccount({ params }: ScreenProps<'linkAccount'>) {
  const { client, router, messages, state } = useModal()
  const m = messages.link
  const captcha = useCaptcha()
  const { kind, settle, oldPhoneNumber, oldAddress } = params
  const isEmail = kind === 'email' || kind === 'updateEmail'
  const [sending, setSending] = useState(false)
  const isMounted = useIsMounted()

  const send = async (value: string) => {
    if (sending) return
    setSending(true)
    preloadEmailScreens()
    try {
      const captchaToken = captchaRequired(state) ? await captcha.getToken() : undefined
      let next: AwaitingCodeParams
      if (isEmail) {
        await sendEmailCode(client, { email: value, captchaToken })
        next =
          kind === 'updateEmail' && oldAddress
            ? { email: value, flow: { kind: 'updateEmail', oldAddress, settle } }
            : { email: value, flow: { kind: 'link', settle } }
      } else {
        await sendSmsCode(client, { phoneNumber: value, captchaToken })
        next =
          kind === 'updatePhone' && oldPhoneNumber
            ? { phoneNumber: value, flow: { kind: 'update', oldPhoneNumber, settle } }
            : { phoneNumber: value, flow: { kind: 'link', settle } }
      }
      if (!isMounted()) return
      router.replace('linkAccount', { ...params, value })
      router.push('awaitingCode', { ...next, sentAt: Date.now() })
    } catch (error) {
      if (!isMounted()) return
      setSending(false)
      router.replace('linkAccount', { ...params, value })
      router.push('error', toErrorInfo(error))
    }
  }

  const { title, detail } = {
    email: { title: m.emailTitle, detail: m.emailDetail },
    phone: { title: m.phoneTitle, detail: m.phoneDetail },
    updateEmail: { title: m.updateEmailTitle, detail: m.updateEmailDetail },
    updatePhone: { title: m.updatePhoneTitle, detail: m.updatePhoneDetail },
  }[kind]
  return (
    <div className="foyer-screen">
      <div className="foyer-header">
        <ScreenTitle>{title}</ScreenTitle>
      </div>
      <p className="foyer-text">{detail}</p>
      {kind === 'updatePhone' && oldPhoneNumber ? (
        <p className="foyer-text">
          {formatMessage(m.currentPhone, { phone: maskPhoneNumber(oldPhoneNumber) })}
        </p>
      ) : null}
      {kind === 'updateEmail' && oldAddress ? (
        <p className="foyer-text">{formatMessage(m.currentEmail, { email: oldAddress })}</p>
      ) : null}
      {isEmail ? (
        <EmailForm initial={params.value} busy={sending} onSubmit={send} />
      ) : (
        <PhoneForm onSubmit={send} busy={sending} initialPhoneNumber={params.value} autoFocus />
      )}
      {/* The captcha widget (guests only), visible only when the challenge needs interaction. */}
      <div ref={captcha.containerRef} className="foyer-captcha" />
    </div>
  )
}

/** The email form of 'Link email': Submit enabled for a valid address; Enter submits. */
function EmailForm(props: { initial: string | undefined; busy: boolean; onSubmit(email: string): void }) {
  const { messages } = useModal()
  const m = messages.landing
  const [email, setEmail] = useState(props.initial ?? '')
  const inputRef = useRef<HTMLInputElement>(null)
  const valid = isValidEmail(email)

  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !props.busy) props.onSubmit(email.trim())
  }
  return (
    <form className="foyer-field" noValidate onSubmit={submit} aria-busy={props.busy || undefined}>
      <EmailInput
        value={email}
        onChange={setEmail}
        label={m.emailLabel}
        placeholder={m.emailPlaceholder}
        readOnly={props.busy}
        inputRef={inputRef}
      >
        <Button type="submit" disabled={!valid} busy={props.busy}>
          {m.submit}
        </Button>
      </EmailInput>
    </form>
  )
}
