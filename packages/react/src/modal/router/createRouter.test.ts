import { describe, expect, test, vi } from 'vitest'
import { createRouter } from './createRouter'

type Params = { landing: undefined; code: { email: string }; error: { code: string } }

const create = () => createRouter<Params>({ id: 'landing', params: undefined })

describe('createRouter', () => {
  test('default', () => {
    const router = create()
    expect(router.getHistory()).toEqual([{ id: 'landing', params: undefined }])
  })

  test('behavior: push, replace, back', () => {
    const router = create()
    router.push('code', { email: 'a@example.com' })
    router.push('error', { code: 'too_many_requests' })
    expect(router.getHistory().map((route) => route.id)).toEqual(['landing', 'code', 'error'])
    router.back()
    expect(router.getHistory().at(-1)).toEqual({ id: 'code', params: { email: 'a@example.com' } })
    router.replace('error', { code: 'x' })
    expect(router.getHistory().map((route) => route.id)).toEqual(['landing', 'error'])
    router.back()
    router.back()
    expect(router.getHistory()).toHaveLength(1)
  })

  test('behavior: reset and listeners', () => {
    const router = create()
    const listener = vi.fn()
    const unsubscribe = router.subscribe(listener)
    router.push('code', { email: 'a@example.com' })
    router.reset()
    expect(router.getHistory()).toEqual([{ id: 'landing', params: undefined }])
    expect(listener).toHaveBeenCalledTimes(2)
    router.reset()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    router.push('landing')
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
