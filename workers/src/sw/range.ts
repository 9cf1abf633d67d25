import { answerFromWhole } from '@loopbox/edge/conditional-requests';

/**
 * A media response the runtime cache keeps whole, answered as the page's request asks: the byte
 * range a video element wants, a revalidation, or all of it. The rules (RFC 9110: one range 206,
 * several 200, If-Range, 304, 416) are the media server's and the edge cache's, from one module.
 */
export function answerAsRequested(request: Request, whole: Response): Promise<Response> {
  return answerFromWhole(request, whole);
}
