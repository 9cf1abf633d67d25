/**
 * The dashboard's navigation, in order. Other dashboard work adds its own entry here (Channels at
 * /dashboard/channels, Developers at /dashboard/developers) with its route in @loopbox/pages. An
 * entry with an `action` is shown to those granted it (stories and the scheduler are a creator's).
 */
export const DASHBOARD_NAV: readonly { path: string; label: string; action?: string }[] = [
  { path: '/dashboard', label: 'My GIFs' },
  { path: '/upload', label: 'Upload' },
  { path: '/dashboard/analytics', label: 'Analytics' },
  { path: '/dashboard/stories', label: 'Stories', action: 'story.create' },
  { path: '/dashboard/schedule', label: 'Scheduled', action: 'schedule.manage' },
  { path: '/dashboard/developers', label: 'Developers' },
  { path: '/dashboard/notices', label: 'Notices' },
];
