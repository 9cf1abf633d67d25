import { useRef, useState } from 'react';

/**
 * The page a paged grid started at (`/page/{n}` of the address it opened on). While scrolling, the
 * page rewrites its own address to the page in view; `wrote(n)` marks such an address as its own so
 * it does not restart the grid, while an address from elsewhere (a link, back) does.
 */
export function useFirstPage(pageNumber: number): { firstPage: number; wrote(page: number): void } {
  const [firstPage, setFirstPage] = useState(pageNumber);
  const written = useRef(pageNumber);
  if (pageNumber !== written.current) {
    written.current = pageNumber;
    setFirstPage(pageNumber);
  }
  return {
    firstPage,
    wrote(page) {
      written.current = page;
    },
  };
}
