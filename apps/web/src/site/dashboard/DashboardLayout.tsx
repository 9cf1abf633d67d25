import './dashboard.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DASHBOARD_NAV } from './sections.ts';

/** Every dashboard page: the section navigation beside the page's own content. */
export function DashboardLayout({ title, current, children }: { title: string; current: string; children: ReactNode }) {
  return (
    <div className="lb-dashboard">
      <nav className="lb-dashboard__nav" aria-label="Dashboard">
        <ul>
          {DASHBOARD_NAV.map((item) => (
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
