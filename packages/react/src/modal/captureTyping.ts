/** Whether keys typed into `target` already land somewhere (an editable, writable field). */
function writable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return !target.readOnly
  return false
}

/**
 * Until the returned function is called, hands characters typed and text pasted anywhere in the document to
 * `onType` (and keeps them from their target), except what goes into a writable field: keys typed while a
 * screen's code loads, or into a read-only field while its request is in flight, reach the next screen
 * instead of being lost (docs/modal.md "Loading a screen"). Key combinations (Ctrl, Meta, Alt) and named
 * keys (Tab, Escape, …) pass through.
 */
export function captureTyping(onType: (text: string) => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return
    if (writable(event.target)) return
    event.preventDefault()
    onType(event.key)
  }
  const onPaste = (event: ClipboardEvent) => {
    if (writable(event.target)) return
    const text = event.clipboardData?.getData('text/plain') ?? ''
    if (text === '') return
    event.preventDefault()
    onType(text)
  }
  document.addEventListener('keydown', onKeyDown, true)
  document.addEventListener('paste', onPaste, true)
  return () => {
    document.removeEventListener('keydown', onKeyDown, true)
    document.removeEventListener('paste', onPaste, true)
  }
}
