import { Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Figures } from '../api'

/** The figures as cards: parts area, boards area, utilisation, waste (and files when given). */
export function FigureCards({ figures, files }: { figures: Figures | undefined; files?: number }) {
  const { t } = useTranslation('optimization-utilisation')
  const card = (testId: string, title: string, value: number, precision: number, suffix?: string) => (
    <Col xs={12} md={files === undefined ? 6 : 4} key={testId}>
      <Card size="small" data-testid={testId} data-value={value.toFixed(precision)}>
        <Statistic title={title} value={value} precision={precision} suffix={suffix} />
      </Card>
    </Col>
  )
  return (
    <Row gutter={[16, 16]} data-testid="utilisation-cards">
      {files !== undefined ? card('card-files', t('card.files'), files, 0) : null}
      {card('card-parts-area', t('card.partsArea'), figures?.partsArea ?? 0, 3)}
      {card('card-boards-area', t('card.boardsArea'), figures?.boardsArea ?? 0, 3)}
      {card('card-utilisation', files === undefined ? t('card.utilisationOne') : t('card.utilisation'), figures?.utilisation ?? 0, 2, '%')}
      {card('card-waste', t('card.waste'), figures?.wastePct ?? 0, 2, '%')}
    </Row>
  )
}
