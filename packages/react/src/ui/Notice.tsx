import type { ReactNode } from 'react'
import { AlertIcon, CheckIcon } from './icons'

/** Props of {@link Notice}. */
export type NoticeProps = {
  /** Icon tone: `'error'` (default) or `'success'`. */
  tone?: 'error' | 'success'
  /** The heading element. */
  title: ReactNode
  /** Detail text under the heading. */
  detail?: ReactNode
  /** Actions (buttons or links) at the bottom. */
  children?: ReactNode
}

/**
 * A centered icon, heading, detail and actions: the body of error, limit and not-found screens.
 *
 * @example
 * <Notice title={<h2>Request failed</h2>} detail="Too many attempts."><Button>Try again later</Button></Notice>
 */
export function Notice({ tone = 'error', title, detail, children }: NoticeProps) {
  return (
    <div className="foyer-screen">
      <div className="foyer-icon-circle" data-tone={tone}>
        {tone === 'success' ? <CheckIcon /> : <AlertIcon />}
      </div>
      {title}
      {detail ? <p className="foyer-text">{detail}</p> : null}
      {children}
    </div>
  )
}
