/** Text made safe inside SVG markup (captions, names drawn into pictures). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
