/** The favicon's sizes inside favicon.ico, and each app icon's file and size (render-icons.ts; the manifest lists the last two). */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;
export const APP_ICON_SIZES = { 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 } as const;
