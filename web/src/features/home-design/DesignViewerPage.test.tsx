// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { renderWithApp } from '../../test/render'
import { DesignViewerPage } from './DesignViewerPage'
import { layoutFronts } from './components/CabinetDrawing'
import { DESIGN, serveDesign } from './testServer'

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/home-design/viewer/:planId" element={<DesignViewerPage />} />
    </Routes>,
    { path },
  )

const rowTexts = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))

describe('DesignViewerPage', () => {
  it('says it is the development platform and shows every solution in tabs', async () => {
    serveDesign()
    renderAt('/home-design/viewer/p1')
    expect(await screen.findByText('Kitchen')).toBeTruthy()
    expect(screen.getByTestId('page-title').textContent).toBe('Development design platform')
    expect(screen.getByRole('tab', { name: 'Base cabinets (S1)' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Wall cabinets (S2)' })).toBeTruthy()
    expect(screen.getByText('Sink base')).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: 'Wall cabinets (S2)' }))
    expect(await screen.findByText('Wall unit')).toBeTruthy()
  })

  it('draws each cabinet and lists its panels with size, count and banding per side, and its hardware', async () => {
    serveDesign()
    renderAt('/home-design/viewer/p1?solution=S1')
    const cabinet = await screen.findByTestId('cabinet')
    expect(within(cabinet).getByText('W 800 × H 720 × D 560 mm')).toBeTruthy()
    const drawing = within(cabinet).getByTestId('cabinet-drawing')
    expect(drawing.getAttribute('aria-label')).toBe('Sink base: front elevation')
    expect(drawing.querySelectorAll('[data-part="door"]')).toHaveLength(2)
    expect(drawing.querySelectorAll('[data-part="shelf"]')).toHaveLength(1)
    expect(rowTexts(within(cabinet).getByTestId('panel-table'))).toEqual([
      ['Side', 'White oak', '18', '720 × 560', '2', '2 / 1 / 1 / 1', 'length', '0'],
      ['Shelf', 'White oak', '18', '762 × 540', '1', '2 / 0 / 0 / 0', 'length', '0'],
      ['Door', 'Walnut', '18', '716 × 398', '2', '2 / 2 / 2 / 2', 'length', '0'],
    ])
    expect(rowTexts(within(cabinet).getByTestId('hardware-table'))).toEqual([['Hinge', 'H-35', '4']])
  })

  it('shows only the solution the query names, without tabs', async () => {
    serveDesign()
    renderAt('/home-design/viewer/p1?solution=S2')
    expect(await screen.findByText('Wall unit')).toBeTruthy()
    expect(screen.queryByText('Sink base')).toBeNull()
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it('says when the plan has no solution of the given code', async () => {
    serveDesign()
    renderAt('/home-design/viewer/p1?solution=S9')
    expect(await screen.findByText('The plan has no solution with code S9')).toBeTruthy()
  })

  it("shows the server's message when the design cannot be read", async () => {
    serveDesign({
      extra: {
        'GET /api/app/home-design/plans/p404': () =>
          new Response(JSON.stringify({ error: { message: 'The plan does not exist' } }), { status: 404, headers: { 'content-type': 'application/json' } }),
      },
    })
    renderAt('/home-design/viewer/p404')
    expect(await screen.findByText('The plan does not exist')).toBeTruthy()
  })
})

describe('layoutFronts', () => {
  it('stacks drawer fronts over the whole height when there are no doors', () => {
    const c = DESIGN.solutions![1].cabinets![0]
    const l = layoutFronts({ ...c, panels: [{ ...c.panels![0], count: 3 }] })
    expect(l.doors).toEqual([])
    expect(l.drawers.map((d) => Math.round(d.height))).toEqual([233, 233, 233])
    expect(l.drawers.at(-1)!.y + l.drawers.at(-1)!.height).toBeCloseTo(700)
  })

  it('puts doors side by side, handles at the meeting edge', () => {
    const l = layoutFronts(DESIGN.solutions![0].cabinets![0])
    expect(l.doors.map((d) => [d.x, d.width, d.handleLeft])).toEqual([
      [0, 400, false],
      [400, 400, true],
    ])
    expect(l.shelves).toEqual([360])
  })
})
