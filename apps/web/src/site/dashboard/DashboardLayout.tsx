import './dashboard.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { reachOf } from '../../shared/login-state.ts';
import { useAccount } from '../shell/account.tsx';
import { DASHBOARD_NAV } from './sections.ts';

/** Every dashboard page: the section navigation beside the page's own content. */
export function DashboardLayout({ title, current, children }: { title: string; current: string; children: ReactNode }) {
  const { state } = useAccount();
  return (
    <div className="lb-dashboard">
      <nav className="lb-dashboard__nav" aria-label="Dashboard">
        <ul>
          {DASHBOARD_NAV.filter((item) => !item.action || reachOf(state, item.action)).map((item) => (
            <li key={item.path}>
              <Link href={item.path} aria-current={item.path === current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="lb-dashboard__content">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
