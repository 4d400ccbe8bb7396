import { App, Button, Card, Descriptions, Progress, Space, Tag } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePermission, useWhenChanged } from '../../../components'
import { failureMessage } from '../../optimization-settings/serverErrors'
import { RUN_FINISHED, isLive, useRunsMutations, type RunProgress } from '../api'
import { useRunProgress } from '../liveProgress'
import { pct1 } from '../format'
import { RunsPermissions as P } from '../permissions'

/** A run's status as a coloured tag. */
export function RunStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('optimization-runs')
  const color = ['default', 'processing', 'success', 'error', 'warning'][status] ?? 'default'
  return (
    <Tag color={color} data-testid="run-status" data-status={status}>
      {t(`progress.statuses.${status}`)}
    </Tag>
  )
}

/** The live progress of one run: percent, boards so far, best utilisation, lower bound; cancel while it moves, then a link to the run. */
export function RunProgressCard({ runId, onClose }: { runId: string; onClose?: () => void }) {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { has } = usePermission()
  const { cancel } = useRunsMutations()
  const q = useRunProgress([runId])
  const p: RunProgress | undefined = q.data?.[0]
  const qc = useQueryClient()
  // The run has ended: the files are optimised and the runs list has its figures.
  useWhenChanged(p ? isLive(p.status) : undefined, (moving) => {
    if (moving === false) {
      void qc.invalidateQueries({ queryKey: ['optimization-runs', 'files'] })
      void qc.invalidateQueries({ queryKey: ['optimization-runs', 'runs'] })
    }
  })
  if (!p) return null
  const live = isLive(p.status)
  const doCancel = async () => {
    try {
      await cancel.mutateAsync(runId)
      message.success(t('progress.cancelled'))
    } catch (e) {
      message.error(failureMessage(e, tApp))
    }
  }
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="run-progress"
      data-status={p.status}
      title={
        <Space>
          {t('progress.title', { planNo: p.planNo })}
          <RunStatusTag status={p.status} />
        </Space>
      }
      extra={
        <Space>
          {live && has(P.Cancel) ? (
            <Button size="small" danger loading={cancel.isPending} onClick={() => void doCancel()} data-testid="run-cancel">
              {t('progress.cancel')}
            </Button>
          ) : null}
          {p.status === RUN_FINISHED ? (
            <Link to={`/engineOptimization/solutions?run=${encodeURIComponent(p.id)}`} data-testid="run-open">
              {t('progress.open')}
            </Link>
          ) : null}
          {!live && onClose ? (
            <Button size="small" type="text" onClick={onClose}>
              {t('close')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Progress
        percent={Math.round(p.percent)}
        status={p.status === 3 ? 'exception' : live ? 'active' : undefined}
        format={(v) => `${v ?? 0}%`}
        data-testid="run-percent"
      />
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('progress.boards')}>
          <span data-testid="run-boards">{p.boards}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('progress.best')}>{pct1(p.bestUtilisation)}</Descriptions.Item>
        <Descriptions.Item label={t('progress.lowerBound')}>{p.lowerBound}</Descriptions.Item>
      </Descriptions>
      {p.message ? <div style={{ color: p.status === 3 ? '#cf1322' : undefined }}>{p.message}</div> : null}
    </Card>
  )
}
