import { MOBILE_BREAKPOINT_PX } from '@foyer/protocol'
import { type RefObject, useEffect } from 'react'

/**
 * Keeps the mobile drawer on the screen: on a host page wider than the screen, a mobile
 * browser widens its layout viewport to the page, and a `position: fixed; left: 0; right: 0` drawer spans
 * that width, its right edge and buttons off-screen. While `open` and the screen is at most
 * `MOBILE_BREAKPOINT_PX` (440 px) wide, the drawer's left edge, width and bottom follow the visual viewport
 * (what the screen shows), on every resize and scroll of it. Internal to `FoyerModal`.
 */
export function useDrawerOnScreen(content: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport
    if (!open || !viewport) return
    const place = () => {
      const element = content.current
      if (!element) return
      const mobile = viewport.width <= MOBILE_BREAKPOINT_PX
      const { style } = element
      if (!mobile) {
        style.removeProperty('left')
        style.removeProperty('right')
        style.removeProperty('width')
        style.removeProperty('bottom')
        return
      }
      const bottom = window.innerHeight - (viewport.offsetTop + viewport.height)
      style.left = `${viewport.offsetLeft}px`
      style.right = 'auto'
      style.width = `${viewport.width}px`
      style.bottom = `${Math.max(0, bottom)}px`
    }
    place()
    // The content mounts with the dialog: place it again once it exists.
    const frame = requestAnimationFrame(place)
    viewport.addEventListener('resize', place)
    viewport.addEventListener('scroll', place)
    return () => {
      cancelAnimationFrame(frame)
      viewport.removeEventListener('resize', place)
      viewport.removeEventListener('scroll', place)
    }
  }, [content, open])
}
