import { DASHBOARD_PAGE, JOIN_PAGE, UPLOAD_PAGE } from '@loopbox/pages';

/** The header's browse links (shared with the server's first screen). */
export { BROWSE_LINKS } from '@loopbox/pages';

/** Browse links only the phone menu holds (the wide row has no room; the footer links them too). */
export const MENU_ONLY_LINKS = [{ href: '/clips', label: 'Clips' }] as const;

/** The account slot's wide-screen buttons, which the phone menu holds instead. */
export const JOIN_LINK = { href: JOIN_PAGE, label: 'Join' } as const;
export const UPLOAD_LINK = { href: UPLOAD_PAGE, label: 'Upload', permission: 'gif.upload' } as const;
export const DASHBOARD_LINK = { href: DASHBOARD_PAGE, label: 'Dashboard', permission: 'dashboard.open' } as const;
