/**
 * Where the header shows the signed-in state (log in, or the visitor's avatar and menu). The
 * accounts work fills it; until then it holds nothing and takes no room.
 */
export function AccountSlot() {
  return <div className="lb-site-header__account" data-slot="account" />;
}
