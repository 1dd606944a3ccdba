import { Link, useLocation } from '@tanstack/react-router';
import type { FileRouteTypes } from '@/routeTree.gen';
import { ChevronRightIcon } from '../icons';
import { breadcrumbTrail } from './breadcrumb';
import './Breadcrumbs.css';

/** Breadcrumb header for the current location; every crumb but the last links back. */
export function Breadcrumbs() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const crumbs = breadcrumbTrail(pathname);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                // Every prefix of a matched path is itself a route (a layout or a page).
                // Exact matching keeps the router from marking an ancestor crumb as current.
                <Link to={crumb.path as FileRouteTypes['to']} activeOptions={{ exact: true }}>
                  {crumb.label}
                </Link>
              )}
              {!last && <ChevronRightIcon size={14} className="breadcrumbs-separator" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
