/** Joins the truthy class names: classNames('lb-gif', sticker && 'lb-gif--sticker'). */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
