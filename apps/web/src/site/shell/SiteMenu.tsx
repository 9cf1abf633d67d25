import { Link } from 'wouter';
import { MenuIcon } from '../../ui/icons.tsx';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { reachOf } from '../../shared/login-state.ts';
import { useAccount } from './account.tsx';
import { BROWSE_LINKS, DASHBOARD_LINK, MENU_ONLY_LINKS, JOIN_LINK, UPLOAD_LINK } from './nav-links.ts';

/**
 * The header's menu button on a phone (CSS hides it on a wide screen): everything the narrow header
 * leaves out, the browse links, then Join for a visitor or Upload and Dashboard as the permission table grants them.
 */
export function SiteMenu({ currentPath }: { currentPath: string }) {
  const { state } = useAccount();
  const own = state?.user ? [UPLOAD_LINK, DASHBOARD_LINK].filter((link) => reachOf(state, link.permission)) : state ? [JOIN_LINK] : [];
  return (
    <MenuButton label="Menu" icon={<MenuIcon />} className="lb-site-header__menu" panelClassName="lb-site-menu">
      <nav aria-label="Menu">
        <ul>
          {[...BROWSE_LINKS.slice(0, 2), ...MENU_ONLY_LINKS, ...BROWSE_LINKS.slice(2), ...own].map((link) => (
            <li key={link.href}>
              <Link href={link.href} aria-current={currentPath.startsWith(link.href) ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </MenuButton>
  );
}
