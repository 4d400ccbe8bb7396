// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { BoardSvg } from './BoardViewer'
import type { ResultSheet } from '../api'

const sheet: ResultSheet = {
  index: 1, boardCode: 'B1', material: 'PB18-WW', thickness: 18, length: 2440, width: 1220, pattern: 0, utilisation: 0.5,
  cuts: [],
  parts: [
    { labelCode: 'OP1-001-001', orderNo: 'SO1', cabinet: '地柜', name: '侧板', code: 'P1', cutLength: 720, cutWidth: 560, x: 10, y: 10, rotated: false },
    { labelCode: 'OP1-001-002', orderNo: 'SO1', cabinet: '地柜', name: '门板', code: 'P2', cutLength: 716, cutWidth: 396, x: 734, y: 10, rotated: true },
  ],
  offcuts: [
    { x: 1454, y: 10, length: 976, width: 1200, reusable: true },
    { x: 10, y: 574, length: 50, width: 20, reusable: false },
  ],
}

describe('a board drawn', () => {
  it('draws every part with its label code and cut size, reusable offcuts green, scaled by the zoom', () => {
    const { container, getAllByTestId } = render(<BoardSvg sheet={sheet} zoom={0.25} />)
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('width')).toBe('610')
    expect(svg.getAttribute('viewBox')).toBe('0 0 2440 1220')
    const parts = getAllByTestId('board-part')
    expect(parts.map((p) => p.getAttribute('data-label'))).toEqual(['OP1-001-001', 'OP1-001-002'])
    expect(parts[0].textContent).toContain('720×560')
    expect(getAllByTestId('board-offcut-reusable')[0].querySelector('rect')!.getAttribute('fill')).toBe('#b7eb8f')
    expect(getAllByTestId('board-offcut')[0].querySelector('rect')!.getAttribute('fill')).toBe('url(#kerf-hatch)')
  })
})
