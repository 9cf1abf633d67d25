/** The server's account rules, said to the visitor before they type (apps/server/src/accounts/constants.ts). */
export const PASSWORD_MIN = 10;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const TOKEN_LABEL_MAX = 60;
/** Avatars the server takes (apps/server/src/accounts/avatar.ts). */
export const AVATAR_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
