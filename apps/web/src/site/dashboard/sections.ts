/**
 * The dashboard's navigation, in order. Other dashboard work adds its own entry here (Channels at
 * /dashboard/channels, Developers at /dashboard/developers) with its route in @loopbox/pages.
 */
export const DASHBOARD_NAV = [
  { path: '/dashboard', label: 'My GIFs' },
  { path: '/upload', label: 'Upload' },
  { path: '/dashboard/analytics', label: 'Analytics' },
  { path: '/dashboard/stories', label: 'Stories' },
  { path: '/dashboard/schedule', label: 'Scheduled' },
  { path: '/dashboard/developers', label: 'Developers' },
  { path: '/dashboard/notices', label: 'Notices' },
] as const;
