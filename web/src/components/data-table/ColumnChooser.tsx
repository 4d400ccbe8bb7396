import { useMemo } from 'react'
import { Checkbox, Tag, Tooltip } from 'antd'
import { HolderOutlined, LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ColumnSetting } from './columns'

export interface ColumnChooserProps {
  /** Every column, in order. */
  value: ColumnSetting[]
  /** The columns after a tick or a move; orders renumbered from 0. */
  onChange: (settings: ColumnSetting[]) => void
  /** Columns that stay ticked (the order id). */
  lockedKeys?: readonly string[]
  /** Ticked columns the table does not show because of the column limit (marked in the list). */
  cutKeys?: readonly string[]
  /** Prefix of the test ids: `<id>`, `<id>-all`, `<id>-item-<key>`, `<id>-check-<key>`, `<id>-handle-<key>`. */
  testId?: string
}

/** Moves the column `from` to where `to` is; orders renumbered. */
export function moveSetting(settings: ColumnSetting[], from: string, to: string): ColumnSetting[] {
  const a = settings.findIndex((s) => s.key === from)
  const b = settings.findIndex((s) => s.key === to)
  if (a < 0 || b < 0 || a === b) return settings
  return renumber(arrayMove(settings, a, b))
}

function renumber(settings: ColumnSetting[]): ColumnSetting[] {
  return settings.map((s, i) => (s.order === i ? s : { ...s, order: i }))
}

interface ItemProps {
  setting: ColumnSetting
  locked: boolean
  cut: boolean
  onToggle: (checked: boolean) => void
  testId: string
}

function SortableItem({ setting, locked, cut, onToggle, testId }: ItemProps) {
  const { t } = useTranslation()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: setting.key })
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '4px 8px',
        borderRadius: 4,
        background: isDragging ? 'rgba(0,0,0,0.06)' : undefined,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
      data-testid={`${testId}-item-${setting.key}`}
      data-key={setting.key}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('columns.dragHandle', { title: setting.title })}
        style={{ cursor: 'grab', border: 0, background: 'transparent', padding: 2, color: 'inherit', touchAction: 'none' }}
        data-testid={`${testId}-handle-${setting.key}`}
      >
        <HolderOutlined />
      </button>
      <Checkbox
        checked={setting.isShow || locked}
        disabled={locked}
        onChange={(e) => onToggle(e.target.checked)}
        data-testid={`${testId}-check-${setting.key}`}
      >
        {setting.title}
      </Checkbox>
      {locked ? (
        <Tooltip title={t('columns.locked')}>
          <LockOutlined aria-label={t('columns.locked')} style={{ opacity: 0.45 }} />
        </Tooltip>
      ) : null}
      {cut ? <Tag style={{ marginInlineStart: 'auto' }}>{t('columns.cutTag')}</Tag> : null}
    </li>
  )
}

/**
 * The columns of a table to tick and to drag into order (mouse, touch, or the keyboard: focus a
 * handle, Space to lift, arrows to move, Space to drop). Used by the custom-column dialog and the
 * page configuration screen.
 */
export function ColumnChooser({ value, onChange, lockedKeys = [], cutKeys = [], testId = 'column-chooser' }: ColumnChooserProps) {
  const { t } = useTranslation()
  const locked = useMemo(() => new Set(lockedKeys), [lockedKeys])
  const cut = useMemo(() => new Set(cutKeys), [cutKeys])
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const titleOf = (id: UniqueIdentifier | undefined) => value.find((s) => s.key === id)?.title ?? String(id ?? '')
  const positionOf = (id: UniqueIdentifier | undefined) => value.findIndex((s) => s.key === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('columns.announce.start', { title: titleOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('columns.announce.over', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('columns.announce.end', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('columns.announce.cancel', { title: titleOf(active.id) }),
  }

  const isShown = (s: ColumnSetting) => s.isShow || locked.has(s.key)
  const ticked = value.filter(isShown).length
  const toggle = (key: string, checked: boolean) => onChange(value.map((s) => (s.key === key ? { ...s, isShow: checked || locked.has(key) } : s)))
  const toggleAll = (checked: boolean) => onChange(value.map((s) => ({ ...s, isShow: checked || locked.has(s.key) })))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveSetting(value, String(active.id), String(over.id)))
  }

  return (
    <div data-testid={testId}>
      <div style={{ padding: '4px 8px 8px 34px', borderBottom: '1px solid rgba(5,5,5,0.06)', marginBottom: 4 }}>
        <Checkbox
          checked={ticked === value.length && value.length > 0}
          indeterminate={ticked > 0 && ticked < value.length}
          onChange={(e) => toggleAll(e.target.checked)}
          data-testid={`${testId}-all`}
        >
          {t('columns.all', { ticked, total: value.length })}
        </Checkbox>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('columns.announce.instructions') } }}
      >
        <SortableContext items={value.map((s) => s.key)} strategy={verticalListSortingStrategy}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('columns.listLabel')}>
            {value.map((s) => (
              <SortableItem
                key={s.key}
                setting={s}
                locked={locked.has(s.key)}
                cut={cut.has(s.key)}
                onToggle={(c) => toggle(s.key, c)}
                testId={testId}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  )
}
