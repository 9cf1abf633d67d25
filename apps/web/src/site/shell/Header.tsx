import { PROVIDER_NAME } from '@loopbox/pages';
import { Link } from 'wouter';
import { AccountSlot } from './AccountSlot.tsx';
import { NoticeCount } from './NoticeCount.tsx';
import { Logo } from './icons.tsx';
import { SearchBox } from './SearchBox.tsx';

const NAV = [
  { href: '/trending-gifs', label: 'GIFs' },
  { href: '/stickers', label: 'Stickers' },
  { href: '/categories', label: 'Categories' },
  { href: '/stories', label: 'Stories' },
  { href: '/artists', label: 'Artists' },
  { href: '/create', label: 'GIF Maker' },
] as const;

/** The site header: logo (home), the three browse links, the signed-in state's slot and the search box. */
export function Header({ searchTerm, currentPath }: { searchTerm: string | undefined; currentPath: string }) {
  return (
    <header className="lb-site-header">
      <div className="lb-site-header__bar">
        <Link href="/" className="lb-site-header__logo" aria-label={`${PROVIDER_NAME} home`}>
          <Logo />
          <span aria-hidden="true">{PROVIDER_NAME}</span>
        </Link>
        <nav className="lb-site-header__nav" aria-label="Browse">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} aria-current={currentPath.startsWith(item.href) ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <NoticeCount />
        <AccountSlot />
      </div>
      <SearchBox initialTerm={searchTerm ?? ''} />
    </header>
  );
}
