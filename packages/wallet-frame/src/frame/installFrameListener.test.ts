import { describe, expect, test, vi } from 'vitest'
import type { FrameHandler } from './createFrameHandler'
import { installFrameListener } from './installFrameListener'

function setup() {
  const parent = { postMessage: vi.fn() }
  const stranger = { postMessage: vi.fn() }
  let listener: ((event: MessageEvent) => void) | undefined
  const frameWindow = {
    parent,
    addEventListener: (_type: 'message', fn: (event: MessageEvent) => void) => {
      listener = fn
    },
    removeEventListener: vi.fn(),
  }
  const handler: FrameHandler = {
    handle: vi.fn(async (message: unknown) => ({
      id: (message as { id: string }).id,
      event: 'privy:iframe:ready' as const,
      data: {},
    })),
    clear: vi.fn(),
  }
  const uninstall = installFrameListener({
    window: frameWindow,
    allowedOrigins: ['http://localhost:*'],
    handler,
  })
  const post = async (data: unknown, origin: string, source: unknown) => {
    listener?.({ data, origin, source } as MessageEvent)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { parent, stranger, handler, post, uninstall, frameWindow }
}

describe('installFrameListener', () => {
  test('default: the parent on an allowed origin gets the reply, targeted at its origin', async () => {
    const { parent, post } = setup()
    await post({ id: '1', event: 'privy:iframe:ready', data: {} }, 'http://localhost:5173', parent)
    expect(parent.postMessage).toHaveBeenCalledWith(
      { id: '1', event: 'privy:iframe:ready', data: {} },
      'http://localhost:5173',
    )
  })

  test('error: another origin or another window is ignored — nothing handled, nothing posted', async () => {
    const { parent, stranger, handler, post } = setup()
    await post({ id: '2', event: 'privy:iframe:ready', data: {} }, 'https://evil.example', parent)
    await post({ id: '3', event: 'privy:iframe:ready', data: {} }, 'http://localhost:5173', stranger)
    await post({ id: '4', event: 'privy:iframe:ready', data: {} }, 'null', parent)
    await post({ id: '5', event: 'privy:iframe:ready', data: {} }, 'http://localhost:5173', null)
    expect(handler.handle).not.toHaveBeenCalled()
    expect(parent.postMessage).not.toHaveBeenCalled()
    expect(stranger.postMessage).not.toHaveBeenCalled()
  })

  test('behavior: an unframed page (parent === window) answers nothing', async () => {
    const { frameWindow, handler, post } = setup()
    ;(frameWindow as { parent: unknown }).parent = frameWindow
    await post({ id: '6', event: 'privy:iframe:ready', data: {} }, 'http://localhost:5173', frameWindow)
    expect(handler.handle).not.toHaveBeenCalled()
  })
})
