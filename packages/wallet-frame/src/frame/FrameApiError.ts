/** A failed server call from the frame: HTTP `status` and the server's `code` and `error` message. */
export class FrameApiError extends Error {
  override name = 'FrameApiError'
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}
