import type { ErrorScreenCopy } from '../../errors/errorScreenCopy'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'

/**
 * An error screen's body from its copy (`errorScreenCopy`): the title, the detail and one button. With a
 * safe `copy.href` (the allowlist's configured link) the button is a link to it in a new tab; otherwise it
 * calls `onButton` (back, or start over).
 */
export function ErrorCopyNotice({ copy, onButton }: { copy: ErrorScreenCopy; onButton(): void }) {
  return (
    <Notice title={<ScreenTitle>{copy.title}</ScreenTitle>} detail={copy.detail}>
      {copy.href ? (
        <a
          className="foyer-button foyer-button-block"
          href={copy.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {copy.button}
        </a>
      ) : (
        <Button block onClick={onButton}>
          {copy.button}
        </Button>
      )}
    </Notice>
  )
}
