// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { renderHook } from '@testing-library/react'
import { useWhenChanged } from './useWhenChanged'

describe('useWhenChanged', () => {
  it('applies a value once, and again only when it changes', () => {
    const seen: unknown[] = []
    const a = { id: 'a' }
    const { rerender } = renderHook(({ v }) => useWhenChanged(v, (x) => seen.push(x)), { initialProps: { v: a as object | null } })
    rerender({ v: a })
    expect(seen).toEqual([a])
    rerender({ v: null })
    rerender({ v: a })
    expect(seen).toEqual([a, null, a])
  })
})
