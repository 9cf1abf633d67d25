import { VIDEO_ERROR_MESSAGES, type VideoErrorCode } from './constants.ts';

const isVideoErrorCode = (code: number): code is VideoErrorCode => code in VIDEO_ERROR_MESSAGES;

/** The SPEC 8 message for a MediaError code; `{ext}` is filled from the source URL. */
export function videoErrorMessage(code: number, sourceUrl: string | undefined): string {
  if (!isVideoErrorCode(code)) return `Unknown video error (code ${code}).`;
  return VIDEO_ERROR_MESSAGES[code].replace('{ext}', fileExtension(sourceUrl));
}

/** 'https://host/a/b.mp4?x=1' -> 'mp4'; '' when the path has no extension. */
export function fileExtension(url: string | undefined): string {
  if (!url) return '';
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}
