import { useOutletContext } from 'react-router';
import type { Team } from '../api/get-team';

export type TeamContext = { team: Team; role: string; isHost: boolean; teamId: string };

/** What a team page reads from the team layout: the loaded team and the viewer's role. */
export function useTeamContext(): TeamContext {
  return useOutletContext<TeamContext>();
}
