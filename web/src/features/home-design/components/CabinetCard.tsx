import { Card, Flex, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Cabinet, Hardware, Panel } from '../types'
import { CabinetDrawing } from './CabinetDrawing'

const mm = (n: number) => String(Math.round(n * 10) / 10)

/** Edge banding per side as "top / bottom / left / right" in millimetres (0: none). */
export function edgeText(p: Panel): string {
  const e = p.edges
  if (!e) return '-'
  return [e.top, e.bottom, e.left, e.right].map((s) => (s?.thickness ? mm(s.thickness) : '0')).join(' / ')
}

/** One cabinet: its drawing, its panels (name, material, thickness, size, count, banding) and hardware. */
export function CabinetCard({ cabinet: c }: { cabinet: Cabinet }) {
  const { t } = useTranslation('home-design')
  const size = t('viewer.cabinetSize', { width: mm(c.width), height: mm(c.height), depth: mm(c.depth) })
  return (
    <Card
      size="small"
      data-testid="cabinet"
      title={
        <span>
          <span data-testid="cabinet-name">{c.name}</span> <Typography.Text type="secondary">{size}</Typography.Text>
        </span>
      }
      style={{ marginBottom: 16 }}
    >
      <Flex gap={24} wrap align="flex-start">
        <div style={{ flex: '0 0 280px', maxWidth: '100%' }}>
          <CabinetDrawing cabinet={c} label={t('viewer.drawing', { name: c.name })} />
        </div>
        <div style={{ flex: '1 1 480px', minWidth: 0 }}>
          <Typography.Title level={5}>{t('viewer.panels')}</Typography.Title>
          <Table<Panel & { key: number }>
            size="small"
            dataSource={(c.panels ?? []).map((p, key) => ({ ...p, key }))}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="panel-table"
            columns={[
              { title: t('viewer.columns.name'), dataIndex: 'name' },
              { title: t('viewer.columns.material'), dataIndex: 'material' },
              { title: t('viewer.columns.thickness'), dataIndex: 'thickness', align: 'right', render: (v: number) => mm(v) },
              { title: t('viewer.columns.size'), key: 'size', render: (_, p) => `${mm(p.length)} × ${mm(p.width)}` },
              { title: t('viewer.columns.count'), dataIndex: 'count', align: 'right' },
              { title: t('viewer.columns.edges'), key: 'edges', render: (_, p) => edgeText(p) },
              { title: t('viewer.columns.grain'), dataIndex: 'grain' },
              { title: t('viewer.columns.holes'), key: 'holes', align: 'right', render: (_, p) => p.holes?.length ?? 0 },
            ]}
          />
          {(c.hardware ?? []).length ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('viewer.hardware')}
              </Typography.Title>
              <Table<Hardware & { key: number }>
                size="small"
                dataSource={(c.hardware ?? []).map((h, key) => ({ ...h, key }))}
                pagination={false}
                data-testid="hardware-table"
                columns={[
                  { title: t('viewer.columns.name'), dataIndex: 'name' },
                  { title: t('viewer.columns.code'), dataIndex: 'code' },
                  { title: t('viewer.columns.count'), dataIndex: 'count', align: 'right' },
                ]}
              />
            </>
          ) : null}
        </div>
      </Flex>
    </Card>
  )
}
