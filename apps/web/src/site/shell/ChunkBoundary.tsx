import { Component, type ReactNode } from 'react';
import { PageFailed } from './PageStatus.tsx';

/** A page whose code could not load (offline, or a new build replaced it): say so, offer a reload. */
export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageFailed onRetry={() => location.reload()}>This page could not be loaded.</PageFailed>;
  }
}
