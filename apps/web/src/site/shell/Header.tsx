import { PROVIDER_NAME } from '@loopbox/pages';
import { Link } from 'wouter';
import { AccountSlot } from './AccountSlot.tsx';
import { NoticeCount } from './NoticeCount.tsx';
import { Logo } from '../display/icons.tsx';
import { BROWSE_LINKS } from './nav-links.ts';
import { SearchBox } from '../search-box/SearchBox.tsx';
import { SiteMenu } from './SiteMenu.tsx';

/**
 * The site header: logo (home), the browse links, the notices bell, the account slot and the search
 * box. On a phone the browse links and the account slot's Join, Upload and Dashboard move into the menu button.
 */
export function Header({ searchTerm, currentPath }: { searchTerm: string | undefined; currentPath: string }) {
  return (
    <header className="lb-site-header">
      <div className="lb-site-header__bar">
        <Link href="/" className="lb-site-header__logo" aria-label={`${PROVIDER_NAME} home`}>
          <Logo />
          <span aria-hidden="true">{PROVIDER_NAME}</span>
        </Link>
        <nav className="lb-site-header__nav" aria-label="Browse">
          {BROWSE_LINKS.map((item) => (
            <Link key={item.href} href={item.href} aria-current={currentPath.startsWith(item.href) ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <NoticeCount />
        <AccountSlot />
        <SiteMenu currentPath={currentPath} />
      </div>
      <SearchBox initialTerm={searchTerm ?? ''} />
    </header>
  );
}
