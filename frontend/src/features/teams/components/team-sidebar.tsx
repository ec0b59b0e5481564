import { Link, NavLink } from 'react-router';

const HOST_ONLY = new Set(['permissions', 'settings']);
const PAGES = [
  { path: 'cohosts', label: 'Co-hosts' },
  { path: 'permissions', label: 'Permissions' },
  { path: 'vehicles', label: 'Vehicles' },
  { path: 'settings', label: 'Settings' },
];

/** The pages a role sees in a team: the host all four, a co-host Co-hosts and Vehicles only (spec 001 section 6). */
export function teamPagesFor(role: string | null | undefined) {
  return role === 'host' ? PAGES : PAGES.filter((p) => !HOST_ONLY.has(p.path));
}

/** The team's sidebar: its pages for the viewer's role, the way back to all teams, and /learn-more. */
export function TeamSidebar({ teamId, role }: { teamId: string; role: string | null | undefined }) {
  const base = `/host/teams/${encodeURIComponent(teamId)}`;
  return (
    <aside className="teams-sidebar">
      <nav aria-label="Team">
        <ul className="teams-sidebar__list">
          {teamPagesFor(role).map((p) => (
            <li key={p.path}>
              <NavLink to={`${base}/${p.path}`} className={({ isActive }) => `teams-sidebar__link${isActive ? ' is-active' : ''}`}>
                {p.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="teams-sidebar__note muted">A team is not active until at least one co-host has been approved.</p>
      <ul className="teams-sidebar__more">
        <li>
          <Link to="/host/teams">← All teams</Link>
        </li>
        <li>
          <Link to="/learn-more">Learn more about teams</Link>
        </li>
      </ul>
    </aside>
  );
}
