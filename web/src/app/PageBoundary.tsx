import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Result } from 'antd'

interface State {
  error: Error | null
}

/** Keeps a failing page from taking the shell down with it. */
export class PageBoundary extends Component<{ children: ReactNode; title: string }, State> {
  state: State = { error: null }
  static getDerivedStateFromError(error: Error): State {
    return { error }
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page error', error, info.componentStack)
  }
  render() {
    if (this.state.error) return <Result status="error" title={this.props.title} subTitle={this.state.error.message} />
    return this.props.children
  }
}
