import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'

/** Props of {@link ApprovalFailureActions}. */
export type ApprovalFailureActionsProps = {
  /**
   * The failure: its text (the error table's inline text, placeholders filled) and whether it offers another
   * try (the error table's `retry`).
   */
  failure: { message: string; retry: boolean }
  /** Starts the approval again; the retry button's action while `failure.retry` is true. */
  onRetry(): void
  /** Back to the previous screen, when there is one; offered as 'Try another method' without a retry. */
  back?: (() => void) | undefined
  /** The screen's button texts: `retry` ('Retry', 'Try again') and `tryAnotherMethod`. */
  labels: { retry: string; tryAnotherMethod: string }
}

/**
 * The inline failure of a screen that waited for an approval elsewhere (an OAuth popup, the Telegram widget,
 * the Farcaster app; `showApprovalFailure` decides it is inline): the text as an alert, then either the
 * retry button or, when the failure is final and there is a screen to go back to, 'Try another method'.
 */
export function ApprovalFailureActions({ failure, onRetry, back, labels }: ApprovalFailureActionsProps) {
  const { message, retry } = failure
  return (
    <>
      <Alert>{message}</Alert>
      {retry ? <Button onClick={onRetry}>{labels.retry}</Button> : null}
      {back && !retry ? (
        <Button variant="secondary" onClick={back}>
          {labels.tryAnotherMethod}
        </Button>
      ) : null}
    </>
  )
}
