import { useEffect, useState } from 'react'

/** Below this window width the search bar's labels are 130 px wide (spec 002 §2.5). */
export const NARROW_WINDOW_WIDTH = 1720
export const NARROW_LABEL_WIDTH = 130

function windowWidth(): number {
  return typeof window === 'undefined' ? NARROW_WINDOW_WIDTH : window.innerWidth
}

/** The window's width, following resizes. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(windowWidth)
  useEffect(() => {
    const onResize = () => setWidth(windowWidth())
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

/** The search bar's label width: 130 px under a 1720 px window, else as wide as each label needs. */
export function useLabelWidth(): number | undefined {
  return useWindowWidth() < NARROW_WINDOW_WIDTH ? NARROW_LABEL_WIDTH : undefined
}
