import { useFoyer, useMfa, useMfaEnrollment } from '@foyer/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ConsoleApiContext, type ConsoleOperator } from '../api/ConsoleApiContext'
import { ConsoleApiError } from '../api/ConsoleApiError'
import { createConsoleApi } from '../api/consoleApi'
import { Layout, ThemeSwitch } from './Layout'
import { ErrorNotice, Loading } from './Notices'
import type { ConsoleTheme } from './theme'

const operatorSchema = {
  parse(value: unknown): ConsoleOperator {
    const answer = value as { user_id?: unknown; email?: unknown }
    if (typeof answer?.user_id !== 'string' || typeof answer.email !== 'string')
      throw new ConsoleApiError({ status: 200, code: 'unknown_error', serverMessage: 'Unexpected answer' })
    return { userId: answer.user_id, email: answer.email }
  },
}

/** Where the operator stands: the server's guard decides (`GET /api/v1/console/operator`), never the page. */
type Access =
  | { kind: 'checking' }
  | { kind: 'operator'; operator: ConsoleOperator }
  | { kind: 'enrol' }
  | { kind: 'verify' }
  | { kind: 'refused'; error: ConsoleApiError }

/** A page of its own before the console: its heading and content in `<main>`, the theme switch above. */
function Gate(props: {
  title: string
  theme: ConsoleTheme
  onTheme: (theme: ConsoleTheme) => void
  children: React.ReactNode
}) {
  return (
    <div className="console-gate">
      <header className="console-header">
        <span className="console-brand">Foyer console</span>
        <ThemeSwitch theme={props.theme} onChange={props.onTheme} />
      </header>
      <main className="console-gate-main">
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </div>
  )
}

/**
 * The console behind sign-in (docs/console.md#access): signed out, a 'Sign in' button opens the modal
 * (email code or passkey); signed in, the server's guard is asked who the user is. An operator without a
 * second factor is asked to add one (the modal's enrolment), one without a recent verification to verify
 * (the modal); a user who is not an operator sees the server's refusal and can log out.
 */
export function ConsoleShell({
  theme,
  onTheme,
}: {
  theme: ConsoleTheme
  onTheme: (theme: ConsoleTheme) => void
}) {
  const { ready, authenticated, user, login, logout, getAccessToken } = useFoyer()
  const { promptMfa } = useMfa()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const [access, setAccess] = useState<Access>({ kind: 'checking' })
  const hasFactor = useRef(false)
  hasFactor.current = (user?.mfa_methods.length ?? 0) > 0

  const api = useMemo(
    () =>
      createConsoleApi({
        getAccessToken,
        promptMfa: async () => {
          if (!hasFactor.current)
            throw new ConsoleApiError({ status: 403, code: 'missing_or_invalid_mfa', serverMessage: '' })
          await promptMfa()
        },
      }),
    [getAccessToken, promptMfa],
  )

  const check = useCallback(async () => {
    setAccess({ kind: 'checking' })
    try {
      setAccess({ kind: 'operator', operator: await api.get('/api/v1/console/operator', operatorSchema) })
    } catch (error) {
      // A refusal of the server, or the MFA prompt closed without verifying (then: verify or enrol).
      if (error instanceof ConsoleApiError && error.code !== 'missing_or_invalid_mfa')
        setAccess({ kind: 'refused', error })
      else setAccess({ kind: hasFactor.current ? 'verify' : 'enrol' })
    }
  }, [api])

  useEffect(() => {
    if (ready && authenticated) void check()
  }, [ready, authenticated, check])

  const gate = (title: string, children: React.ReactNode) => (
    <Gate title={title} theme={theme} onTheme={onTheme}>
      {children}
    </Gate>
  )
  if (!ready) return gate('Foyer console', <Loading />)
  if (!authenticated)
    return gate(
      'Foyer console',
      <>
        <p>Sign in with your operator account to manage this Foyer server.</p>
        <button type="button" className="console-primary" onClick={login}>
          Sign in
        </button>
      </>,
    )
  if (access.kind === 'checking') return gate('Foyer console', <Loading label="Checking your access…" />)
  if (access.kind === 'enrol')
    return gate(
      'Add a second factor',
      <>
        <p>
          The console requires multi-factor verification. Add an authenticator app or a passkey to continue.
        </p>
        <button
          type="button"
          className="console-primary"
          onClick={() => void showMfaEnrollmentModal().then(check, () => undefined)}
        >
          Add a second factor
        </button>{' '}
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      </>,
    )
  if (access.kind === 'verify')
    return gate(
      'Verify it’s you',
      <>
        <p>Verify with your second factor to open the console.</p>
        <button
          type="button"
          className="console-primary"
          onClick={() => void promptMfa().then(check, () => undefined)}
        >
          Verify
        </button>{' '}
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      </>,
    )
  if (access.kind === 'refused')
    return gate(
      'No access',
      <>
        <ErrorNotice error={access.error} />
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      </>,
    )
  return (
    <ConsoleApiContext.Provider value={{ api, operator: access.operator }}>
      <Layout theme={theme} onTheme={onTheme} onLogout={() => void logout()} />
    </ConsoleApiContext.Provider>
  )
}
