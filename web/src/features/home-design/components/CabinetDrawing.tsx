import type { Cabinet, Panel } from '../types'

/** Panel names the development platform's generator writes (internal/homedesign/generator.go). */
const SIDE = 'side'
const SHELF = 'shelf'
const DOOR = 'door'
const DRAWER_FRONT = 'drawer front'

const byName = (c: Cabinet, name: string): Panel | undefined => (c.panels ?? []).find((p) => p.name.toLowerCase() === name)

/** Where the fronts of a cabinet go: drawers stacked from the top, doors below them. */
export interface FrontLayout {
  doors: { x: number; y: number; width: number; height: number; handleLeft: boolean }[]
  drawers: { x: number; y: number; width: number; height: number }[]
  shelves: number[]
  thickness: number
}

/**
 * The front elevation of a cabinet in millimetres: the carcass (sides, top and bottom of the
 * side panels' thickness), shelves evenly spaced, drawer fronts stacked from the top and doors
 * side by side over the rest of the height.
 */
export function layoutFronts(c: Cabinet): FrontLayout {
  const t = byName(c, SIDE)?.thickness ?? 18
  const doorCount = byName(c, DOOR)?.count ?? 0
  const drawer = byName(c, DRAWER_FRONT)
  const drawerCount = drawer?.count ?? 0
  const shelfCount = byName(c, SHELF)?.count ?? 0
  // Drawer fronts keep their own height, up to the whole cabinet (half of it when doors share the front).
  const drawerLimit = doorCount > 0 ? c.height / 2 : c.height
  const drawerHeight = drawerCount > 0 ? Math.min(drawer?.width || c.height / drawerCount, drawerLimit / drawerCount) : 0
  const drawerZone = drawerCount > 0 && doorCount === 0 ? c.height : drawerHeight * drawerCount
  const drawers = Array.from({ length: drawerCount }, (_, i) => ({
    x: 0,
    y: (drawerZone / drawerCount) * i,
    width: c.width,
    height: drawerZone / drawerCount,
  }))
  const doorWidth = doorCount > 0 ? c.width / doorCount : 0
  const doors = Array.from({ length: doorCount }, (_, i) => ({
    x: doorWidth * i,
    y: drawerZone,
    width: doorWidth,
    height: c.height - drawerZone,
    // handles by the meeting edge: a single door and odd doors on the right, even ones on the left
    handleLeft: doorCount > 1 && i % 2 === 1,
  }))
  const inner = c.height - 2 * t
  const shelves = Array.from({ length: shelfCount }, (_, i) => t + (inner * (i + 1)) / (shelfCount + 1))
  return { doors, drawers, shelves, thickness: t }
}

const MARGIN = 120

/** A cabinet drawn as SVG from its JSON (front elevation with its width and height). */
export function CabinetDrawing({ cabinet: c, label }: { cabinet: Cabinet; label: string }) {
  const { doors, drawers, shelves, thickness: t } = layoutFronts(c)
  const w = Math.max(c.width, 1)
  const h = Math.max(c.height, 1)
  const gap = 3
  return (
    <svg
      viewBox={`${-MARGIN} ${-MARGIN / 2} ${w + MARGIN * 1.5} ${h + MARGIN * 1.5}`}
      width="100%"
      style={{ maxWidth: 360, maxHeight: 360, display: 'block' }}
      role="img"
      aria-label={label}
      data-testid="cabinet-drawing"
    >
      <title>{label}</title>
      {/* carcass: sides, top and bottom */}
      <rect x={0} y={0} width={w} height={h} fill="#e8d9c0" stroke="#555" strokeWidth={4} />
      <rect x={t} y={t} width={Math.max(w - 2 * t, 0)} height={Math.max(h - 2 * t, 0)} fill="#f7f1e6" stroke="#8a7a60" strokeWidth={2} />
      {shelves.map((y, i) => (
        <rect key={`s${i}`} data-part="shelf" x={t} y={y - t / 2} width={Math.max(w - 2 * t, 0)} height={t} fill="#d9c7a5" stroke="#8a7a60" strokeWidth={2} />
      ))}
      {drawers.map((d, i) => (
        <g key={`dr${i}`} data-part="drawer">
          <rect x={d.x + gap} y={d.y + gap} width={d.width - 2 * gap} height={d.height - 2 * gap} fill="#f4ead8" fillOpacity={0.9} stroke="#777" strokeWidth={3} />
          <rect x={d.x + d.width / 2 - 80} y={d.y + Math.min(40, d.height / 3)} width={160} height={10} fill="#444" />
        </g>
      ))}
      {doors.map((d, i) => (
        <g key={`do${i}`} data-part="door">
          {/* doors are drawn see-through so the shelves behind them show */}
          <rect x={d.x + gap} y={d.y + gap} width={d.width - 2 * gap} height={d.height - 2 * gap} fill="#f4ead8" fillOpacity={0.55} stroke="#777" strokeWidth={3} />
          <rect x={d.handleLeft ? d.x + 30 : d.x + d.width - 40} y={d.y + d.height / 2 - Math.min(80, d.height / 4)} width={10} height={Math.min(160, d.height / 2)} fill="#444" />
        </g>
      ))}
      {/* dimensions */}
      <line x1={0} y1={h + 40} x2={w} y2={h + 40} stroke="#999" strokeWidth={2} />
      <text x={w / 2} y={h + 90} textAnchor="middle" fontSize={48} fill="#555">
        {c.width}
      </text>
      <line x1={-40} y1={0} x2={-40} y2={h} stroke="#999" strokeWidth={2} />
      <text x={-60} y={h / 2} textAnchor="middle" fontSize={48} fill="#555" transform={`rotate(-90 ${-60} ${h / 2})`}>
        {c.height}
      </text>
    </svg>
  )
}
