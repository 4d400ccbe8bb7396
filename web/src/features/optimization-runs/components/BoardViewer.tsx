import { useState, type ReactNode } from 'react'
import { Alert, App, Button, Card, Drawer, Empty, Slider, Space, Spin, Tag, Typography } from 'antd'
import { FilePdfOutlined, MinusOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { saveBlob, usePermission, type BlobResult } from '../../../components'
import { failureMessage } from '../../optimization-settings/serverErrors'
import { downloadDiagrams, downloadLabels, resultQuery, type ResultSheet } from '../api'
import { groupByPattern, pct1 } from '../format'
import { RunsPermissions as P } from '../permissions'

const ZOOM_MIN = 0.1
const ZOOM_MAX = 1
const ZOOM_STEP = 0.05

/** The boards of a finished run: identical boards grouped by pattern with their count, each drawn as SVG, with zoom. */
export function BoardViewer({ runId, planNo, onClose }: { runId: string | null; planNo: string; onClose: () => void }) {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const [zoom, setZoom] = useState(0.25)
  const q = useQuery({ ...resultQuery(runId ?? ''), enabled: !!runId })
  const groups = q.data ? groupByPattern(q.data) : []
  const clamp = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100))
  return (
    <Drawer
      open={!!runId}
      onClose={onClose}
      width="90%"
      title={t('viewer.title', { planNo })}
      extra={runId && q.isSuccess ? <PrintButtons runId={runId} planNo={planNo} /> : null}
      destroyOnHidden
      data-testid="board-viewer"
    >
      {q.isPending ? (
        <Spin tip={t('viewer.loading')}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : q.isError ? (
        <Alert type="error" showIcon title={failureMessage(q.error, tApp)} />
      ) : groups.length === 0 ? (
        <Empty description={t('viewer.none')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Typography.Text strong data-testid="viewer-summary">
              {t('viewer.summary', { boards: q.data.figures.boards, patterns: groups.length, utilisation: q.data.figures.utilisation })}
            </Typography.Text>
            <span>{t('viewer.zoom')}</span>
            <Button size="small" icon={<MinusOutlined />} onClick={() => setZoom((z) => clamp(z - ZOOM_STEP))} data-testid="zoom-out" aria-label="-" />
            <Slider style={{ width: 160 }} min={ZOOM_MIN} max={ZOOM_MAX} step={ZOOM_STEP} value={zoom} onChange={(v) => setZoom(clamp(v))} tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)} %` }} />
            <Button size="small" icon={<PlusOutlined />} onClick={() => setZoom((z) => clamp(z + ZOOM_STEP))} data-testid="zoom-in" aria-label="+" />
            <Legend />
          </Space>
          {groups.map((g) => (
            <Card
              key={g.pattern}
              size="small"
              style={{ marginBottom: 12 }}
              data-testid="board-pattern"
              data-count={g.count}
              title={
                <Space wrap>
                  <span>{t('viewer.pattern', { n: g.pattern + 1 })}</span>
                  <Tag color="blue" data-testid="board-count">
                    {t('viewer.count', { count: g.count })}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('viewer.board', { code: g.sheet.boardCode, material: g.sheet.material, length: g.sheet.length, width: g.sheet.width, thickness: g.sheet.thickness })}
                  </Typography.Text>
                  <Tag data-testid="board-utilisation">{t('viewer.utilisation', { value: pct1(g.sheet.utilisation) })}</Tag>
                </Space>
              }
            >
              <div style={{ overflow: 'auto' }}>
                <BoardSvg sheet={g.sheet} zoom={zoom} />
              </div>
            </Card>
          ))}
        </>
      )}
    </Drawer>
  )
}

type Printout = 'diagrams' | 'sheet' | 'roll'

/** The run's printouts as PDF (cutting diagrams, labels on A4 sheets or a roll), for those who may download. */
function PrintButtons({ runId, planNo }: { runId: string; planNo: string }) {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { has } = usePermission()
  const [busy, setBusy] = useState<Printout | null>(null)
  if (!has(P.Download)) return null
  const fetchers: Record<Printout, () => Promise<BlobResult>> = {
    diagrams: () => downloadDiagrams(runId),
    sheet: () => downloadLabels(runId, 'sheet'),
    roll: () => downloadLabels(runId, 'roll'),
  }
  const fallback: Record<Printout, string> = { diagrams: `${planNo}-diagrams.pdf`, sheet: `${planNo}-labels.pdf`, roll: `${planNo}-labels.pdf` }
  const get = async (which: Printout) => {
    setBusy(which)
    try {
      saveBlob(await fetchers[which](), fallback[which])
    } catch (e) {
      message.error(failureMessage(e, tApp))
    } finally {
      setBusy(null)
    }
  }
  const button = (which: Printout, label: string, icon: ReactNode) => (
    <Button icon={icon} loading={busy === which} disabled={busy !== null && busy !== which} onClick={() => void get(which)} data-testid={`print-${which}`}>
      {label}
    </Button>
  )
  return (
    <Space wrap>
      {button('diagrams', t('viewer.diagramsPdf'), <FilePdfOutlined />)}
      {button('sheet', t('viewer.labelsSheet'), <TagsOutlined />)}
      {button('roll', t('viewer.labelsRoll'), <TagsOutlined />)}
    </Space>
  )
}

function Legend() {
  const { t } = useTranslation('optimization-runs')
  const box = (fill: string, pattern?: boolean) => (
    <svg width={14} height={14} style={{ verticalAlign: 'middle', marginRight: 4 }}>
      <rect width={14} height={14} fill={pattern ? 'url(#kerf-waste)' : fill} stroke="#595959" />
    </svg>
  )
  return (
    <Space size={12}>
      <span>
        {box('#e6f4ff')}
        {t('viewer.legendPart')}
      </span>
      <span>
        {box('#b7eb8f')}
        {t('viewer.legendOffcut')}
      </span>
      <span>
        {box('', true)}
        {t('viewer.legendWaste')}
      </span>
    </Space>
  )
}

/** One board drawn to scale: parts with their label code and cut size, reusable offcuts green, the rest hatched. */
export function BoardSvg({ sheet, zoom }: { sheet: ResultSheet; zoom: number }) {
  const w = sheet.length
  const h = sheet.width
  const font = Math.max(14, Math.min(60, Math.min(w, h) / 25))
  return (
    <svg
      width={Math.max(40, w * zoom)}
      height={Math.max(20, h * zoom)}
      viewBox={`0 0 ${w} ${h}`}
      data-testid="board-svg"
      data-index={sheet.index}
      style={{ background: '#fff', display: 'block' }}
    >
      <defs>
        <pattern id="kerf-waste" patternUnits="userSpaceOnUse" width={8} height={8} patternTransform="rotate(45)">
          <rect width={8} height={8} fill="#fafafa" />
          <line x1={0} y1={0} x2={0} y2={8} stroke="#bfbfbf" strokeWidth={3} />
        </pattern>
        <pattern id="kerf-hatch" patternUnits="userSpaceOnUse" width={30} height={30} patternTransform="rotate(45)">
          <rect width={30} height={30} fill="#fafafa" />
          <line x1={0} y1={0} x2={0} y2={30} stroke="#bfbfbf" strokeWidth={8} />
        </pattern>
      </defs>
      <rect x={0} y={0} width={w} height={h} fill="url(#kerf-hatch)" stroke="#262626" strokeWidth={4} />
      {(sheet.offcuts ?? []).map((o, i) => (
        <g key={`o${i}`} data-testid={o.reusable ? 'board-offcut-reusable' : 'board-offcut'}>
          <rect x={o.x} y={o.y} width={o.length} height={o.width} fill={o.reusable ? '#b7eb8f' : 'url(#kerf-hatch)'} stroke="#389e0d" strokeWidth={o.reusable ? 2 : 0} />
          {o.reusable && o.length > font * 0.6 * `${o.length}×${o.width}`.length && o.width > font * 1.5 ? (
            <text x={o.x + o.length / 2} y={o.y + o.width / 2} fontSize={font} textAnchor="middle" dominantBaseline="middle" fill="#135200">
              {`${o.length}×${o.width}`}
            </text>
          ) : null}
        </g>
      ))}
      {(sheet.parts ?? []).map((p) => {
        const small = p.cutLength < font * 5 || p.cutWidth < font * 2.5
        return (
          <g key={p.labelCode} data-testid="board-part" data-label={p.labelCode}>
            <title>{`${p.labelCode} ${p.name} ${p.cutLength}×${p.cutWidth}${p.orderNo ? ` · ${p.orderNo}` : ''}${p.cabinet ? ` · ${p.cabinet}` : ''}`}</title>
            <rect x={p.x} y={p.y} width={p.cutLength} height={p.cutWidth} fill="#e6f4ff" stroke="#1677ff" strokeWidth={2} />
            {small ? null : (
              <text x={p.x + p.cutLength / 2} y={p.y + p.cutWidth / 2} fontSize={font} textAnchor="middle" fill="#002c8c">
                <tspan x={p.x + p.cutLength / 2} dy={-font * 0.2}>
                  {p.labelCode}
                </tspan>
                <tspan x={p.x + p.cutLength / 2} dy={font * 1.1}>{`${p.cutLength}×${p.cutWidth}`}</tspan>
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
