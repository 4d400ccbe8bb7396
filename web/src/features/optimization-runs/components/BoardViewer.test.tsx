// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { BoardSvg, BoardViewer } from './BoardViewer'
import { resultQuery, type ResultSheet, type RunResult } from '../api'
import { RunsPermissions as P } from '../permissions'
import { mockApi, renderWithApp, testQueryClient } from '../../../test/render'

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

describe('the printouts of a run', () => {
  const result: RunResult = {
    planNo: 'OP1',
    figures: { boards: 1, parts: 2, offcutsKept: 1, utilisation: 50, wastePct: 10, wasteOffcutPct: 50, cuts: 4, cycles: 1, sawSeconds: 60 },
    lowerBound: 1,
    sheets: [sheet],
    patterns: [{ index: 0, count: 1, sheets: [0] }],
  }
  const open = (granted: string[]) => {
    const client = testQueryClient()
    client.setQueryData(resultQuery('r1').queryKey, result)
    return renderWithApp(<BoardViewer runId="r1" planNo="OP1" onClose={() => undefined} />, { client, granted })
  }

  it('are offered only to those who may download', async () => {
    open([P.Runs])
    await screen.findAllByTestId('board-pattern')
    expect(screen.queryByTestId('print-diagrams')).toBeNull()
    expect(screen.queryByTestId('print-sheet')).toBeNull()
  })

  it('download the diagrams and the labels in the layout asked for', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    const pdf = () => new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="OP1-labels.pdf"' } })
    const calls = mockApi({
      'GET /api/optimization/import-files/solutions/r1/diagrams': pdf,
      'GET /api/optimization/import-files/solutions/r1/labels': pdf,
    })
    open([P.Runs, P.Download])
    for (const id of ['print-diagrams', 'print-sheet', 'print-roll']) {
      const button = await screen.findByTestId(id)
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
      fireEvent.click(button)
      await waitFor(() => expect(calls.length).toBe(['print-diagrams', 'print-sheet', 'print-roll'].indexOf(id) + 1))
    }
    expect(calls.map((c) => `${c.path.split('/').pop()} ${c.query.get('layout') ?? ''}`.trim())).toEqual(['diagrams', 'labels sheet', 'labels roll'])
  })
})
