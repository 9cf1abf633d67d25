import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** A bare segment that is another page's address (SITE_REDIRECTS): the server answers 301; inside the app the address is replaced. */
export default function RedirectPage({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [to, navigate]);
  return null;
}
