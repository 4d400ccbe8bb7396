import type { CSSProperties, ReactNode } from 'react'
import { Card, Flex, Typography } from 'antd'
import { useRouteTitle } from './useRouteTitle'

export interface PageContainerProps {
  /** Defaults to the current route's title. */
  title?: ReactNode
  /** Buttons or other actions at the right of the title. */
  extra?: ReactNode
  children: ReactNode
  /** Set false to render the content without the surrounding card. */
  card?: boolean
  style?: CSSProperties
}

/** The frame of a page: its title, actions and content. */
export function PageContainer({ title, extra, children, card = true, style }: PageContainerProps) {
  const routeTitle = useRouteTitle()
  const heading = (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
        {title ?? routeTitle}
      </Typography.Title>
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  )
  return (
    <div className="kerf-page" style={style}>
      {card ? (
        <Card variant="borderless">
          {heading}
          {children}
        </Card>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </div>
  )
}
