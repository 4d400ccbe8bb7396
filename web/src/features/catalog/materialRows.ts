import type { Part } from '../../components/catalog-pickers'
import type { ProductPart } from './api'
import { limits } from '../../api/gen/limits'

/** The least count of a link, from the server's schema (spec 001 §5: count minimum 0). */
export const MIN_LINK_COUNT = limits.CatalogUpdateProductPartInput.count.minimum

/** The default count of a new product–part link (spec 001 §9). */
export const DEFAULT_LINK_COUNT = 1

/** A row of the materials dialog: a saved link, or a picked part not saved yet. */
export interface MaterialRow {
  /** The link id, or `new:<partId>` before the first save. */
  key: string
  linkId: string | null
  partId: string
  name: string
  count: number | null
  editing: boolean
}

/** What the rows read of a product–part link (ProductPart). */
export type LinkFields = Pick<ProductPart, 'id' | 'productId' | 'partId' | 'count'> & { part: Pick<Part, 'id' | 'name'> | null }

export function fromLink(l: LinkFields): MaterialRow {
  return { key: l.id, linkId: l.id, partId: l.partId, name: l.part?.name ?? '', count: l.count, editing: false }
}

/**
 * Adds freshly picked parts: each starts in edit mode with count 1; parts already in the
 * table are skipped.
 */
export function addPicked(rows: readonly MaterialRow[], picked: readonly Pick<Part, 'id' | 'name'>[]): MaterialRow[] {
  const have = new Set(rows.map((r) => r.partId))
  const added = picked
    .filter((p) => !have.has(p.id))
    .map((p) => ({ key: `new:${p.id}`, linkId: null, partId: p.id, name: p.name, count: DEFAULT_LINK_COUNT, editing: true }))
  return [...rows, ...added]
}

/**
 * Merges the server's links with the local rows: unsaved picks and rows being edited stay as
 * the user left them; saved rows come from the server.
 */
export function mergeLinks(server: readonly LinkFields[], local: readonly MaterialRow[]): MaterialRow[] {
  const byLink = new Map(local.filter((r) => r.linkId).map((r) => [r.linkId as string, r]))
  const rows = server.map((l) => {
    const mine = byLink.get(l.id)
    return mine?.editing ? mine : fromLink(l)
  })
  const have = new Set(rows.map((r) => r.partId))
  return [...rows, ...local.filter((r) => !r.linkId && !have.has(r.partId))]
}

/** A count the dialog may save: a number of at least 0. */
export function validCount(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= MIN_LINK_COUNT
}
