import type { ReactNode } from 'react'
import { Image, Tooltip, Typography } from 'antd'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import type { TFunction } from 'i18next'
import type { CatalogItem, CatalogModule, Part } from './types'

/** The enabled flag as a tick or a cross. */
export function EnabledMark({ value, t }: { value: boolean | undefined | null; t: TFunction }) {
  return value === false ? (
    <CloseOutlined style={{ color: 'var(--ant-color-error, #ff4d4f)' }} aria-label={t('no')} data-enabled="false" />
  ) : (
    <CheckOutlined style={{ color: 'var(--ant-color-success, #52c41a)' }} aria-label={t('yes')} data-enabled="true" />
  )
}

/** A small thumbnail of an image URL, with preview; nothing when there is no image. */
export function ItemImage({ src, alt }: { src: string | null | undefined; alt?: string }) {
  if (!src) return null
  return <Image src={src} alt={alt ?? ''} width={36} height={36} style={{ objectFit: 'cover' }} />
}

/** A long text cut to one line with the whole of it in a tooltip. */
export function Described({ text }: { text: string | null | undefined }) {
  if (!text) return null
  return (
    <Tooltip title={text}>
      <Typography.Text ellipsis style={{ maxWidth: 160, display: 'inline-block' }}>
        {text}
      </Typography.Text>
    </Tooltip>
  )
}

/** Display fields of a catalogue item column, in screen order (spec 001 §2). */
export const ITEM_COLUMN_FIELDS = [
  'name',
  'code',
  'erpCode',
  'stockCode',
  'workshopCode',
  'factoryCode',
  'length',
  'width',
  'height',
  'describe',
  'color',
  'unit',
  'isEnable',
  'images',
] as const

export type ItemColumnField = (typeof ITEM_COLUMN_FIELDS)[number] | 'count' | 'size'

/** Columns the server sorts by (its sorting whitelist of products and parts). */
export const SORTABLE_ITEM_FIELDS: ReadonlySet<ItemColumnField> = new Set(['name', 'code', 'erpCode', 'length', 'width', 'height', 'isEnable'])

/** The fields a module's table shows: parts add count and size after height. */
export function itemFields(module: CatalogModule): ItemColumnField[] {
  const base: ItemColumnField[] = [...ITEM_COLUMN_FIELDS]
  if (module === 'matter') base.splice(base.indexOf('describe'), 0, 'count', 'size')
  return base
}

const widths: Partial<Record<ItemColumnField, number>> = {
  name: 160,
  describe: 160,
  length: 80,
  width: 80,
  height: 80,
  count: 80,
  unit: 70,
  isEnable: 70,
  images: 70,
}

/** How one field of an item is shown in a table cell. */
export function renderItemField(field: ItemColumnField, row: CatalogItem, t: TFunction): ReactNode {
  switch (field) {
    case 'describe':
      return <Described text={row.describe} />
    case 'isEnable':
      return <EnabledMark value={row.isEnable} t={t} />
    case 'images':
      return <ItemImage src={row.images} alt={row.name} />
    case 'count':
      return (row as Part).count ?? ''
    case 'size':
      return (row as Part).size ?? ''
    default: {
      const v = row[field]
      return v === null || v === undefined ? '' : String(v)
    }
  }
}

/** Title and width of a field's column (texts of the pickers' namespace). */
export function itemColumnMeta(field: ItemColumnField, t: TFunction) {
  return { title: t(`col.${field}`), width: widths[field] ?? 110 }
}
